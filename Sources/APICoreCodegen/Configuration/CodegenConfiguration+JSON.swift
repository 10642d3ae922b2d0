import APICoreGraphQL
import APICoreJSON
import Foundation

extension CodegenConfiguration {
    /// The configuration as `apicore.json` text for a file in `folder`: every key this configuration sets, in the order
    /// the documentation gives them, with relative paths rewritten from ``baseDirectory`` to `folder`. Reading the text
    /// back with ``parse(_:file:baseDirectory:)`` in `folder` gives the same configuration, so `apicore init` turns an
    /// Apollo configuration into one that generates the same code.
    public func jsonText(forFolder folder: String) -> String {
        let path = { (relative: String) in Self.rebase(relative, from: baseDirectory, to: folder) }
        let input: [(String, ConfigurationJSON)] = [
            ("schemaSearchPaths", .array(schemaSearchPaths.map { .string(path($0)) })),
            ("operationSearchPaths", .array(operationSearchPaths.map { .string(path($0)) })),
        ]
        var schemaTypes: [(String, ConfigurationJSON)] = []
        if let schemaTypesPath { schemaTypes.append(("path", .string(path(schemaTypesPath)))) }
        if let schemaTypesModule { schemaTypes.append(("module", .string(schemaTypesModule))) }
        var output: [(String, ConfigurationJSON)] = [("schemaTypes", .object(schemaTypes))]
        if let operationsPath { output.append(("operations", .object([("path", .string(path(operationsPath)))]))) }
        if let operationManifest {
            let version = operationManifest.format == .persistedQueries ? "persistedQueries" : "legacy"
            let manifest: [(String, ConfigurationJSON)] = [
                ("path", .string(path(operationManifest.path))), ("version", .string(version)),
            ]
            output.append(("operationManifest", .object(manifest)))
        }
        if let testMocks {
            var absolute: [(String, ConfigurationJSON)] = [("path", .string(path(testMocks.path)))]
            // Written unless it is the schema types' module: `null` says the mocks import none, where the reader would
            // otherwise infer one from the paths.
            if testMocks.schemaTypesModule == nil {
                absolute.append(("schemaTypesModule", .null))
            } else if let module = testMocks.schemaTypesModule, module != schemaTypesModule {
                absolute.append(("schemaTypesModule", .string(module)))
            }
            output.append(("testMocks", .object([("absolute", .object(absolute))])))
        }
        var options: [(String, ConfigurationJSON)] = []
        if !customScalars.isEmpty {
            options.append(
                ("customScalars", .object(customScalars.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
            )
        }
        if accessLevel != .public { options.append(("accessLevel", .string(accessLevel.rawValue))) }
        if operationIdentifiers != .documentSHA256 {
            options.append(("operationIdentifiers", .string(operationIdentifiers.rawValue)))
        }
        if isStrictSchema { options.append(("strictSchema", .bool(true))) }
        if selectionSetInitializers { options.append(("selectionSetInitializers", .bool(true))) }
        if !addsKeyFields { options.append(("addKeyFields", .bool(false))) }
        if inlinesFragmentArguments { options.append(("inlineFragmentArguments", .bool(true))) }
        if !fieldPolicies.isEmpty {
            options.append(
                ("fieldPolicies", .object(fieldPolicies.map { ($0.typeName + "." + $0.fieldName, $0.json) })))
        }
        var root: [(String, ConfigurationJSON)] = [
            ("schemaNamespace", .string(schemaNamespace)), ("input", .object(input)), ("output", .object(output)),
        ]
        if !options.isEmpty { root.append(("options", .object(options))) }
        return ConfigurationJSON.object(root).text(indent: "") + "\n"
    }

    /// `relative` (a path or a glob, relative to `base` unless absolute) relative to `folder` instead.
    static func rebase(_ relative: String, from base: String, to folder: String) -> String {
        guard !relative.hasPrefix("/") else { return relative }
        let target = resolvedComponents(of: (absolute(base) as NSString).appendingPathComponent(relative))
        let start = resolvedComponents(of: absolute(folder))
        var shared = 0
        while shared < min(target.count, start.count), target[shared] == start[shared] { shared += 1 }
        let path = Array(repeating: "..", count: start.count - shared) + target[shared...]
        return path.isEmpty ? "." : path.joined(separator: "/")
    }

    /// `path` made absolute against the current folder.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// The components of an absolute path with `.` and `..` resolved (a glob's `**` and `*` are kept as they are).
    static func resolvedComponents(of path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(part))
            }
        }
        return result
    }
}

extension FieldPolicyOption {
    /// The policy as `options.fieldPolicies` writes it.
    fileprivate var json: ConfigurationJSON {
        var members: [(String, ConfigurationJSON)] = [("merge", .string(merge.rawValue))]
        if let keyArguments { members.append(("keyArgs", .array(keyArguments.map(ConfigurationJSON.string)))) }
        if let paginationArguments {
            members.append(("paginationArgs", .array(paginationArguments.map(ConfigurationJSON.string))))
        }
        if merge == .offsetList { members.append(("offsetArgument", .string(offsetArgument))) }
        return .object(members)
    }
}

/// JSON written for people to read: members in the order given, two spaces of indentation, short arrays of strings
/// on one line.
enum ConfigurationJSON {
    case string(String)
    case bool(Bool)
    case array([ConfigurationJSON])
    case object([(String, ConfigurationJSON)])
    case null

    /// The text, its nested lines indented by `indent` and two more spaces per level.
    func text(indent: String) -> String {
        switch self {
        case .string(let value): return Self.quoted(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values):
            return "[" + values.map { $0.text(indent: indent) }.joined(separator: ", ") + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            let lines = members.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// `value` as a JSON string literal, escaped by the package's JSON writer.
    static func quoted(_ value: String) -> String {
        JSONWriter().string(.string(value))
    }
}
