import APICoreCompiler
import Foundation

/// What `apicore split-schema` reads from its JSON configuration file:
///
/// ```json
/// {
///   "schema": "schema.graphqls",
///   "output": "Split",
///   "directive": "domain",
///   "crossDomainUse": "share",
///   "domains": {
///     "issues": { "patterns": ["Issue*", "*IssueInput"], "regex": ["^Close.*Payload$"], "types": ["Label"] },
///     "pullRequests": { "patterns": ["PullRequest*"], "output": "../PullRequestKit/GraphQL/Schema" }
///   }
/// }
/// ```
///
/// `schema` (a path or an array of paths, SDL or introspection JSON) and `output` (a folder) are relative to the
/// configuration file. The shared file goes to `output`, and so does each domain's file unless the domain names a
/// folder of its own (`output` in the domain, as when each feature kit keeps its schema in its own folder). A type goes to a domain by `@directive(name: "domain")` on its definition (or on a root
/// field), by being listed in the domain's `types` (the mapping table), or by matching one of its `patterns` (globs:
/// `*` any run of characters, `?` one, matched against whole names) or `regex` (regular expressions, found
/// anywhere in a name unless anchored). A `@domain` or `types` entry is
/// an explicit assignment and wins over patterns. With `"crossDomainUse": "share"` (the default) a type assigned by
/// a pattern that another domain (or the shared schema) uses moves to the shared schema; with `"error"` that is an
/// error, as it always is for explicit assignments.
public struct SchemaSplitConfiguration: Sendable {
    /// How a domain's types are chosen.
    public struct Domain: Sendable {
        /// The domain's name, which names its file: `<name>.graphqls`.
        public var name: String
        /// Type names listed explicitly, with where they are written.
        public var types: [LocatedText]
        /// Patterns that assign the types whose names match them.
        public var patterns: [NamePattern]
        /// Where the domain is written in the configuration file.
        public var location: SourceLocation
        /// The domain's own output folder, resolved against the configuration file's folder; `nil` for the shared
        /// output folder.
        public var outputFolder: String?
    }

    /// A string of the configuration with where it is written.
    public struct LocatedText: Sendable {
        /// The string's value, as the JSON decodes it.
        public var text: String
        /// Where the string is written in the configuration file.
        public var location: SourceLocation
    }

    /// The configuration file.
    public var file: String
    /// The schema files, resolved against the configuration file's folder.
    public var schemaPaths: [String]
    /// The output folder, resolved against the configuration file's folder.
    public var outputFolder: String
    /// The name of the assigning directive, without `@`.
    public var directiveName: String
    /// Whether a pattern-assigned type used outside its domain moves to the shared schema (else it is an error).
    public var sharesCrossDomainTypes: Bool
    /// The domains, in the order written.
    public var domains: [Domain]

    /// The folder a split file goes to: the domain's own folder, else the shared output folder.
    public func outputFolder(forDomain domain: String?) -> String {
        domains.first { $0.name == domain }?.outputFolder ?? outputFolder
    }

    /// The name of the shared schema file.
    public static let sharedFileName = "shared-schema.graphqls"

    /// Reads and checks a configuration file.
    public static func load(from path: String) throws(CompilerError) -> SchemaSplitConfiguration {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw CompilerError(
                Diagnostic(
                    .error, "Cannot read the configuration file \(path).",
                    at: [SourceLocation(file: path, line: 1, column: 1, offset: 0)], rule: "Configuration"))
        }
        return try parse(text, file: path)
    }

    /// Parses configuration text; relative paths are resolved against the folder of `file`.
    public static func parse(_ text: String, file: String) throws(CompilerError) -> SchemaSplitConfiguration {
        let root = ConfigurationReader(try LocatedJSON.parse(text, file: file), path: "")
        try root.allowKeys(["schema", "output", "directive", "crossDomainUse", "domains"])
        let folder = (file as NSString).deletingLastPathComponent
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        }
        let schema = try root.required("schema")
        let schemaPaths: [String] =
            if case .array = schema.value.kind { try schema.strings() } else { [try schema.string()] }
        guard !schemaPaths.isEmpty else { throw schema.failure("must name at least one schema file") }
        let directiveName = try root.optional("directive")?.string() ?? "domain"
        var shares = true
        if let policy = try root.optional("crossDomainUse") {
            switch try policy.string() {
            case "share": shares = true
            case "error": shares = false
            default: throw policy.failure("must be \"share\" or \"error\"")
            }
        }
        let domainsReader = try root.required("domains")
        var domains: [Domain] = []
        for member in try domainsReader.members() {
            domains.append(try domain(member.key, member.keyLocation, member.value, resolve: resolve))
        }
        return SchemaSplitConfiguration(
            file: file, schemaPaths: schemaPaths.map(resolve),
            outputFolder: resolve(try root.required("output").string()),
            directiveName: directiveName, sharesCrossDomainTypes: shares, domains: domains)
    }

    private static func domain(
        _ name: String, _ location: SourceLocation, _ value: LocatedJSON, resolve: (String) -> String
    ) throws(CompilerError) -> Domain {
        let isFileName =
            name.first?.isLetter == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        guard isFileName, name != "shared" else {
            throw CompilerError(
                Diagnostic(
                    .error,
                    "The domain name \"\(name)\" must start with a letter and hold only ASCII letters, digits, _ "
                        + "and -, and must not be \"shared\"; it names the domain's file.",
                    at: [location], rule: "Configuration"))
        }
        let reader = ConfigurationReader(value, path: "domains.\(name)")
        try reader.allowKeys(["types", "patterns", "regex", "output"])
        let types = try reader.optional("types")?.locatedStrings() ?? []
        var patterns: [NamePattern] = []
        for glob in try reader.optional("patterns")?.locatedStrings() ?? [] {
            patterns.append(try NamePattern(glob: glob.text, location: glob.location))
        }
        for regex in try reader.optional("regex")?.locatedStrings() ?? [] {
            patterns.append(try NamePattern(regex: regex.text, location: regex.location))
        }
        let output = try reader.optional("output")?.string()
        return Domain(
            name: name, types: types.map { LocatedText(text: $0.text, location: $0.location) }, patterns: patterns,
            location: location, outputFolder: output.map(resolve))
    }
}
