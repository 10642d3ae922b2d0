import APICoreCompiler
import Foundation

/// What to generate and where: the per-kit configuration file (`apicore.json`).
///
/// ```json
/// {"schemaNamespace": "GitHubGraphQL",
///  "input": {"schemaSearchPaths": ["schema.graphqls"], "operationSearchPaths": ["ops/**/*.graphql"]},
///  "output": {"schemaTypes": {"path": "Sources/GitHubGraphQL/Schema"},
///             "operations": {"path": "Sources/GitHubGraphQL/Operations"},
///             "operationManifest": {"path": "operations.json", "version": "persistedQueries"}},
///  "options": {"customScalars": {"Long": "Int64"}, "accessLevel": "public", "operationIdentifiers": "sha256",
///              "strictSchema": false}}
/// ```
///
/// Several kits can share one schema-types module: the kit that owns it (`SharedKit`) generates the schema types for
/// every kit's operations and leaves out `output.operations`; each other kit names that module instead of a schema
/// types path, `"schemaTypes": {"module": "SharedKit"}`, and gets operations that `import SharedKit`. All use the same
/// `schemaNamespace`. (A `module` beside a `path` generates the schema types there and still imports the module into
/// the operations, for a kit whose schema types and operations are two modules.)
///
/// Paths are relative to the folder of the configuration file; search paths may use `*` and `**` globs. Unknown keys
/// and values of the wrong type are errors located in the file. ``load(from:)`` also reads an Apollo iOS
/// `apollo-codegen-config.json` (read by `ApolloConfigurationReader`), whose keys without an equivalent are warnings.
public struct CodegenConfiguration: Sendable, Hashable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Sendable, Hashable {
        case `public`
        case `internal`
    }

    /// Where and in which shape to write the persisted-query manifest.
    public struct OperationManifestOptions: Sendable, Hashable {
        /// The manifest's shape.
        public enum Format: String, Sendable, Hashable {
            /// `{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id", "body", "name",
            /// "type"}]}`, as Apollo iOS 1.x and Apollo GraphOS read it.
            case persistedQueries
            /// Apollo's legacy `operationIDs.json`: `{"<id>": {"name": ..., "source": ...}}`.
            case legacy
        }

        /// The manifest file, relative to the configuration's folder.
        public var path: String
        /// The manifest's format: the persisted-queries format or Apollo's legacy one.
        public var format: Format

        /// Manifest options.
        public init(path: String, format: Format = .persistedQueries) {
            self.path = path
            self.format = format
        }
    }

    /// Where to generate the test mocks (builders of test data for the schema's object types), and what they import.
    public struct TestMocksOptions: Sendable, Hashable {
        /// The folder of the mocks, relative to the configuration's folder: a target of its own, which depends on
        /// `APICoreTestMocks` and on the module of the schema types.
        public var path: String
        /// The module that holds the schema types, which the mocks import; `nil` when they are in the same module.
        public var schemaTypesModule: String?

        /// Test mocks in `path`, importing `schemaTypesModule`.
        public init(path: String, schemaTypesModule: String? = nil) {
            self.path = path
            self.schemaTypesModule = schemaTypesModule
        }
    }

    /// How operation ids (`operationIdentifier`, and the manifest's ids) are computed.
    public enum OperationIdentifiers: String, Sendable, Hashable {
        /// The SHA-256 of the document sent: what a server computes for automatic persisted queries.
        case documentSHA256 = "sha256"
        /// Apollo iOS's ids, so a safelist registered for an Apollo app keeps working: the SHA-256 of the operation
        /// and its fragments joined with a backslash and an `n` (two characters) where the document sent has a
        /// newline. For an operation with fragments the id is then not the SHA-256 of the document, and a server
        /// that checks automatic persisted queries' hashes refuses to register it, as it does for Apollo iOS.
        case apollo
    }

    /// The namespace of the generated schema types (`GitHubGraphQL`).
    public var schemaNamespace: String
    /// Schema files (SDL or one introspection JSON), as paths or globs.
    public var schemaSearchPaths: [String]
    /// Operation and fragment files, as paths or globs.
    public var operationSearchPaths: [String]
    /// The folder for the schema types; `nil` when another module generates them (see ``schemaTypesModule``).
    public var schemaTypesPath: String?
    /// The folder for the operations and fragments; `nil` to generate only the schema types, for other kits to share.
    public var operationsPath: String?
    /// The Swift module that holds the schema types, when the operations are generated into another module: every
    /// operation and fragment file imports it.
    public var schemaTypesModule: String?
    /// The Swift type of each custom scalar, by GraphQL name (`"Long": "Int64"`); others are `String`.
    public var customScalars: [String: String]
    /// How the normalized cache stores paginated and other fields (`options.fieldPolicies`); these win over the
    /// schema's `@fieldPolicy` and `@typePolicy(connectionFields:)` for the same field.
    public var fieldPolicies: [FieldPolicyOption] = []
    /// The access level of generated declarations; `public` by default.
    public var accessLevel: AccessLevel
    /// The persisted-query manifest to write, if any.
    public var operationManifest: OperationManifestOptions?
    /// How operation ids are computed; Apollo's when the configuration is an Apollo one.
    public var operationIdentifiers = OperationIdentifiers.documentSHA256
    /// Whether the schema must follow the specification's rules to the letter (`options.strictSchema`): what
    /// graphql-js tolerates (SDL copies of the introspection types, invalid default values) is an error rather than a
    /// warning. See `SchemaBuildOptions/isStrict`.
    public var isStrictSchema = false
    /// Whether every selection set gets an initializer from typed values, and one from each of its type cases
    /// (`options.selectionSetInitializers`): for optimistic results, previews and test data. Off by default, as in
    /// Apollo: they add about half again to the generated source an app compiles.
    public var selectionSetInitializers = false
    /// The test mocks to generate (`output.testMocks`), if any: off by default, as in Apollo.
    public var testMocks: TestMocksOptions?
    /// Whether the documents sent select each object's cache key (`id`, or its `@typePolicy` key fields) wherever an
    /// operation does not (`options.addKeyFields`): on by default, so that one object is one record in the normalized
    /// cache however it is reached. Off, the documents are the text Apollo iOS sends, with its persisted-query ids.
    public var addsKeyFields = true
    /// Whether the documents sent inline fragment arguments (`options.inlineFragmentArguments`): each spread of a
    /// fragment that declares variables becomes an inline fragment with the spread's values, for servers that do not
    /// parse fragment arguments (RFC 1224). Off by default: the documents are sent as written.
    public var inlinesFragmentArguments = false
    /// The folder relative paths are resolved against.
    public var baseDirectory: String
    /// The configuration file read, for messages about its search paths; `apicore.json` in ``baseDirectory`` if nil.
    public var file: String?
    /// Warnings found reading the configuration file (keys of an Apollo configuration that have no equivalent).
    public var warnings: [Diagnostic] = []
    /// Where each schema and operation search path is written in ``file``, for messages about it.
    var schemaSearchPathLocations: [String: SourceLocation] = [:]
    var operationSearchPathLocations: [String: SourceLocation] = [:]
    /// Whether a search path that matches no file is a warning while another path of its list matches (as an Apollo
    /// configuration reads), rather than an error.
    var allowsUnmatchedSearchPaths = false

    /// A configuration.
    public init(
        schemaNamespace: String,
        schemaSearchPaths: [String],
        operationSearchPaths: [String],
        schemaTypesPath: String?,
        operationsPath: String?,
        customScalars: [String: String] = [:],
        accessLevel: AccessLevel = .public,
        operationManifest: OperationManifestOptions? = nil,
        baseDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.schemaNamespace = schemaNamespace
        self.schemaSearchPaths = schemaSearchPaths
        self.operationSearchPaths = operationSearchPaths
        self.schemaTypesPath = schemaTypesPath
        self.operationsPath = operationsPath
        self.customScalars = customScalars
        self.accessLevel = accessLevel
        self.operationManifest = operationManifest
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
        let text = String(decoding: data, as: UTF8.self)
        let baseDirectory = base.isEmpty ? "." : base
        var configuration =
            if try ApolloConfigurationReader.isApolloConfiguration(text, file: path) {
                try ApolloConfigurationReader.parse(text, file: path, baseDirectory: baseDirectory)
            } else {
                try parse(text, file: path, baseDirectory: baseDirectory)
            }
        configuration.file = path
        return configuration
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
        try output.allowKeys(["schemaTypes", "operations", "operationManifest", "testMocks"])
        let schemaTypes = try output.required("schemaTypes")
        try schemaTypes.allowKeys(["path", "module"])
        let schemaTypesPath = try schemaTypes.optional("path")?.string()
        let schemaTypesModule = try schemaTypes.optional("module")?.identifier()
        if schemaTypesPath == nil, schemaTypesModule == nil {
            throw schemaTypes.failure(
                "needs a \"path\" to generate the schema types into, or the \"module\" that holds them")
        }
        let operations = try output.optional("operations")
        try operations?.allowKeys(["path"])
        let operationsPath = try operations?.required("path").string()
        if operationsPath == nil, schemaTypesPath == nil {
            throw output.failure("generates nothing: give \"operations\" a path, or \"schemaTypes\" a path")
        }
        let schemaSearchPaths = try input.required("schemaSearchPaths").searchPaths()
        let operationSearchPaths = try input.required("operationSearchPaths").searchPaths()
        var configuration = CodegenConfiguration(
            schemaNamespace: try namespace(root.required("schemaNamespace")),
            schemaSearchPaths: schemaSearchPaths.paths, operationSearchPaths: operationSearchPaths.paths,
            schemaTypesPath: schemaTypesPath, operationsPath: operationsPath, baseDirectory: baseDirectory)
        configuration.schemaSearchPathLocations = schemaSearchPaths.locations
        configuration.operationSearchPathLocations = operationSearchPaths.locations
        configuration.schemaTypesModule = schemaTypesModule
        if let manifest = try output.optional("operationManifest") {
            configuration.operationManifest = try manifestOptions(manifest)
        }
        if let mocks = try output.optional("testMocks") {
            configuration.testMocks = try testMocksOptions(
                mocks, schemaTypesModule: schemaTypesModule, schemaTypesPath: schemaTypesPath,
                baseDirectory: baseDirectory)
        }
        if let options = try root.optional("options") {
            try options.allowKeys([
                "customScalars", "accessLevel", "operationIdentifiers", "strictSchema", "fieldPolicies",
                "selectionSetInitializers", "addKeyFields", "inlineFragmentArguments",
            ])
            if let keys = try options.optional("addKeyFields") { configuration.addsKeyFields = try keys.bool() }
            if let inline = try options.optional("inlineFragmentArguments") {
                configuration.inlinesFragmentArguments = try inline.bool()
            }
            if let initializers = try options.optional("selectionSetInitializers") {
                configuration.selectionSetInitializers = try Self.selectionSetInitializers(initializers)
            }
            if let policies = try options.optional("fieldPolicies") {
                configuration.fieldPolicies = try FieldPolicyOption.read(policies)
            }
            if let strict = try options.optional("strictSchema") { configuration.isStrictSchema = try strict.bool() }
            if let identifiers = try options.optional("operationIdentifiers") {
                configuration.operationIdentifiers = try operationIdentifiers(identifiers)
            }
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

    /// Reads the schema namespace: a Swift identifier that generated code can refer to everywhere.
    static func namespace(_ reader: ConfigurationReader) throws(CompilerError) -> String {
        let name = try reader.identifier()
        if let problem = namespaceProblem(name) { throw reader.failure(problem) }
        return name
    }

    /// Why `name` cannot be the schema namespace, or `nil`: a keyword, a type of Swift, Foundation or the runtime that
    /// the generated code (and the app's code beside it) refers to, which the namespace enum would hide, or the name
    /// of one of the namespace's own members.
    public static func namespaceProblem(_ name: String) -> String? {
        guard SwiftReservedNames.namespace.contains(name) else { return nil }
        return "cannot be \"\(name)\": the namespace would hide Swift's or the runtime's own \"\(name)\" in the "
            + "generated code; choose another name, such as \"\(name)API\""
    }

    /// Reads `"sha256"` or `"apollo"`.

    /// `options.selectionSetInitializers`: `true` or `false`, or Apollo's object of kinds (`operations`,
    /// `namedFragments`, `localCacheMutations`, `definitionsNamed`), any of which turns them on for every selection set.
    static func selectionSetInitializers(_ reader: ConfigurationReader) throws(CompilerError) -> Bool {
        if case .bool(let flag) = reader.value.kind { return flag }
        var enabled = false
        for member in try reader.members() {
            switch member.value.kind {
            case .bool(let flag): enabled = enabled || flag
            case .array(let names): enabled = enabled || !names.isEmpty
            default:
                throw ConfigurationReader(member.value, path: reader.path + "." + member.key).failure(
                    "must be true or false, or a list of names")
            }
        }
        return enabled
    }
    static func operationIdentifiers(_ reader: ConfigurationReader) throws(CompilerError) -> OperationIdentifiers {
        guard let value = OperationIdentifiers(rawValue: try reader.string()) else {
            throw reader.failure("must be \"sha256\" or \"apollo\"")
        }
        return value
    }

    /// Reads `output.testMocks` in Apollo's shapes: `{"none": {}}`, `{"absolute": {"path": "..."}}` or
    /// `{"swiftPackage": {"targetName": "..."}}` (the folder `Sources/<targetName>`), each with an optional
    /// `"schemaTypesModule"` that the mocks import (`null`: none). Left out, it is `output.schemaTypes.module`, or else
    /// the module the paths say (``importedModule(mocks:path:schemaTypesPath:baseDirectory:)``).
    static func testMocksOptions(
        _ reader: ConfigurationReader, schemaTypesModule: String?, schemaTypesPath: String?, baseDirectory: String
    ) throws(CompilerError) -> TestMocksOptions? {
        try reader.allowKeys(["none", "absolute", "swiftPackage"])
        let members = try reader.members()
        guard members.count == 1, let kind = members.first else {
            throw reader.failure("must have one of \"none\", \"absolute\" or \"swiftPackage\"")
        }
        let options = ConfigurationReader(kind.value, path: reader.path + "." + kind.key)
        let path: String
        switch kind.key {
        case "absolute":
            try options.allowKeys(["path", "schemaTypesModule"])
            path = try options.required("path").string()
        case "swiftPackage":
            try options.allowKeys(["targetName", "schemaTypesModule"])
            path = "Sources/" + (try options.required("targetName").identifier())
        default:
            try options.allowKeys([])
            return nil
        }
        if let own = try options.optional("schemaTypesModule") {
            if case .null = own.value.kind { return TestMocksOptions(path: path, schemaTypesModule: nil) }
            return TestMocksOptions(path: path, schemaTypesModule: try own.identifier())
        }
        if let schemaTypesModule { return TestMocksOptions(path: path, schemaTypesModule: schemaTypesModule) }
        let inferred = try importedModule(
            mocks: options, path: path, schemaTypesPath: schemaTypesPath, baseDirectory: baseDirectory)
        return TestMocksOptions(path: path, schemaTypesModule: inferred)
    }

    /// The module test mocks at `path` import for schema types generated into `schemaTypesPath` (both resolved
    /// against `baseDirectory`), when no setting names it: none when the mocks are inside the schema types' folder or
    /// inside the SwiftPM target folder (`.../Sources/<Target>/`) that holds it; else that target. Mocks outside the
    /// schema types' folder, which is in no SwiftPM target folder, fail at the test mocks' key, asking for
    /// `schemaTypesModule`.
    static func importedModule(
        mocks reader: ConfigurationReader, path: String, schemaTypesPath: String?, baseDirectory: String
    ) throws(CompilerError) -> String? {
        guard let schemaTypesPath else { return nil }
        let schema = folders(of: schemaTypesPath, in: baseDirectory)
        let mocks = folders(of: path, in: baseDirectory)
        if mocks.starts(with: schema) { return nil }
        if let index = schema.lastIndex(of: "Sources"), index + 1 < schema.count {
            let target = schema[...(index + 1)]
            return mocks.starts(with: target) ? nil : schema[index + 1]
        }
        throw reader.failure(
            "puts the test mocks in \"\(path)\", outside the schema types' folder \"\(schemaTypesPath)\", which is in no "
                + "SwiftPM target folder (Sources/<Target>/): add \"schemaTypesModule\" with the module that holds the "
                + "schema types, which the mocks import (null when the mocks are compiled into that module)")
    }

    /// The folders of `path` resolved against `baseDirectory`, with `.` and `..` resolved.
    private static func folders(of path: String, in baseDirectory: String) -> [String] {
        resolvedComponents(of: path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path))
    }

    /// Reads `{"path": "...", "version": "persistedQueries" | "apollo" | "legacy"}`.
    static func manifestOptions(_ reader: ConfigurationReader) throws(CompilerError) -> OperationManifestOptions {
        try reader.allowKeys(["path", "version"])
        var options = OperationManifestOptions(path: try reader.required("path").string())
        if let version = try reader.optional("version") {
            switch try version.string() {
            case "persistedQueries": options.format = .persistedQueries
            case "apollo", "legacy", "legacyAPQ": options.format = .legacy
            default: throw version.failure("must be \"persistedQueries\" or \"legacy\"")
            }
        }
        return options
    }

    /// This configuration without the search paths that match no file, when it allows them (an Apollo configuration,
    /// as Apollo reads it) and another path of the same list matches: what an `apicore.json` written from it must hold,
    /// as it does not allow them. Also the warnings for the paths left out.
    public func droppingUnmatchedSearchPaths() -> (configuration: CodegenConfiguration, warnings: [Diagnostic]) {
        guard allowsUnmatchedSearchPaths else { return (self, []) }
        var result = self
        var warnings: [Diagnostic] = []
        func kept(_ patterns: [String], _ locations: [String: SourceLocation], what: String) -> [String] {
            let matched = patterns.filter { !PathGlob.files(matching: resolved($0)).isEmpty }
            guard !matched.isEmpty else { return patterns }
            for pattern in patterns where !matched.contains(pattern) {
                let location = locations[pattern] ?? SourceLocation(file: file ?? "", line: 1, column: 1, offset: 0)
                warnings.append(
                    Diagnostic(
                        .warning, "The \(what) search path \"\(pattern)\" matches no files; it is left out.",
                        at: [location], rule: "Configuration"))
            }
            return matched
        }
        result.schemaSearchPaths = kept(schemaSearchPaths, schemaSearchPathLocations, what: "schema")
        result.operationSearchPaths = kept(operationSearchPaths, operationSearchPathLocations, what: "operation")
        return (result, warnings)
    }

    /// The folders the generator owns and writes: those of the schema types and of the operations, when generated.
    public var outputFolders: [String] {
        [schemaTypesPath, operationsPath, testMocks?.path].compactMap { $0.map(resolved) }
    }

    /// `path` resolved against ``baseDirectory``.
    public func resolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path)
    }
}
