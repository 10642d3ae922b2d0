import APICoreCompiler
import Foundation

/// What to generate and where: the per-kit configuration file (`apicore.json`).
///
/// ```json
/// {"schemaNamespace": "GitHubGraphQL",
///  "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["ops/**/*.graphql"]},
///  "output": {"schemaTypes": {"path": "Sources/GitHubGraphQL/Schema"},
///             "operations": {"path": "Sources/GitHubGraphQL/Operations"}},
///  "options": {"customScalars": {"Long": "Int64"}, "accessLevel": "public"}}
/// ```
///
/// Paths are relative to the folder of the configuration file; search paths may use `*` and `**` globs. Unknown keys
/// and values of the wrong type are errors located in the file.
public struct CodegenConfiguration: Sendable, Hashable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Sendable, Hashable {
        case `public`
        case `internal`
    }

    /// The namespace of the generated schema types (`GitHubGraphQL`).
    public var schemaNamespace: String
    /// Schema files (SDL or one introspection JSON), as paths or globs.
    public var schemaSearchPaths: [String]
    /// Operation and fragment files, as paths or globs.
    public var operationSearchPaths: [String]
    /// The folder for the schema types.
    public var schemaTypesPath: String
    /// The folder for the operations and fragments.
    public var operationsPath: String
    /// The Swift type of each custom scalar, by GraphQL name (`"Long": "Int64"`); others are `String`.
    public var customScalars: [String: String]
    /// The access level of generated declarations; `public` by default.
    public var accessLevel: AccessLevel
    /// The folder relative paths are resolved against.
    public var baseDirectory: String

    /// A configuration.
    public init(
        schemaNamespace: String,
        schemaSearchPaths: [String],
        operationSearchPaths: [String],
        schemaTypesPath: String,
        operationsPath: String,
        customScalars: [String: String] = [:],
        accessLevel: AccessLevel = .public,
        baseDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.schemaNamespace = schemaNamespace
        self.schemaSearchPaths = schemaSearchPaths
        self.operationSearchPaths = operationSearchPaths
        self.schemaTypesPath = schemaTypesPath
        self.operationsPath = operationsPath
        self.customScalars = customScalars
        self.accessLevel = accessLevel
        self.baseDirectory = baseDirectory
    }

    /// Reads a configuration file; its folder is the base of relative paths.
    public static func load(from path: String) throws(CompilerError) -> CodegenConfiguration {
        let start = SourceLocation(file: path, line: 1, column: 1, offset: 0)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CompilerError(
                Diagnostic(.error, "Cannot read the configuration file \(path).", at: [start], rule: "Configuration"))
        }
        let base = (path as NSString).deletingLastPathComponent
        return try parse(String(decoding: data, as: UTF8.self), file: path, baseDirectory: base.isEmpty ? "." : base)
    }

    /// Parses configuration JSON reported as `file`.
    public static func parse(
        _ text: String, file: String, baseDirectory: String
    ) throws(CompilerError) -> CodegenConfiguration {
        let root = ConfigurationReader(try LocatedJSON.parse(text, file: file), path: "")
        try root.allowKeys(["schemaNamespace", "input", "output", "options"])
        let input = try root.required("input")
        try input.allowKeys(["schemaSearchPaths", "operationSearchPaths"])
        let output = try root.required("output")
        try output.allowKeys(["schemaTypes", "operations"])
        let schemaTypes = try output.required("schemaTypes")
        try schemaTypes.allowKeys(["path"])
        let operations = try output.required("operations")
        try operations.allowKeys(["path"])
        var configuration = CodegenConfiguration(
            schemaNamespace: try root.required("schemaNamespace").identifier(),
            schemaSearchPaths: try input.required("schemaSearchPaths").strings(),
            operationSearchPaths: try input.required("operationSearchPaths").strings(),
            schemaTypesPath: try schemaTypes.required("path").string(),
            operationsPath: try operations.required("path").string(),
            baseDirectory: baseDirectory)
        if let options = try root.optional("options") {
            try options.allowKeys(["customScalars", "accessLevel"])
            if let scalars = try options.optional("customScalars") {
                configuration.customScalars = try scalars.stringMap()
            }
            if let level = try options.optional("accessLevel") {
                guard let value = AccessLevel(rawValue: try level.string()) else {
                    throw level.failure("must be \"public\" or \"internal\"")
                }
                configuration.accessLevel = value
            }
        }
        return configuration
    }

    /// `path` resolved against ``baseDirectory``.
    public func resolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path)
    }
}
