import APICoreCompiler

/// A field policy as a configuration gives it (`options.fieldPolicies` in `apicore.json`) or a schema declares it
/// (`@typePolicy(connectionFields:)`, `@fieldPolicy(forField:keyArgs:paginationArgs:)`): which arguments of a field
/// identify its value in the normalized cache, and how its pages merge.
///
/// ```json
/// "fieldPolicies": {
///   "Query.items": {"merge": "relayConnection"},
///   "Query.feed": {"merge": "offsetList", "offsetArgument": "offset", "keyArgs": ["tag"]}
/// }
/// ```
public struct FieldPolicyOption: Sendable, Hashable {
    /// How a new value of the field joins the stored one.
    public enum Merge: String, Sendable, Hashable, CaseIterable {
        /// The new value replaces the stored one.
        case replace
        /// Relay connection pages join by cursor.
        case relayConnection
        /// Offset-list pages are written at their offset.
        case offsetList
    }

    /// The object or interface type.
    public var typeName: String
    /// The field of that type.
    public var fieldName: String
    /// How pages merge.
    public var merge: Merge
    /// The arguments that identify the value; `nil` to leave out ``paginationArguments`` from all of them.
    public var keyArguments: [String]?
    /// The arguments that only page; `nil` for the merge's own (`first after last before` for a Relay connection, the
    /// offset argument and `limit` for an offset list, none otherwise).
    public var paginationArguments: [String]?
    /// The argument holding an offset list's offset.
    public var offsetArgument: String
    /// Where the policy is written, for messages.
    public var location: SourceLocation

    /// A policy for `typeName.fieldName`.
    public init(
        typeName: String,
        fieldName: String,
        merge: Merge,
        keyArguments: [String]? = nil,
        paginationArguments: [String]? = nil,
        offsetArgument: String = "offset",
        location: SourceLocation = .unknown
    ) {
        self.typeName = typeName
        self.fieldName = fieldName
        self.merge = merge
        self.keyArguments = keyArguments
        self.paginationArguments = paginationArguments
        self.offsetArgument = offsetArgument
        self.location = location
    }

    /// The arguments that only page, by default for the merge.
    var defaultPaginationArguments: [String] {
        switch merge {
        case .replace: []
        case .relayConnection: ["first", "after", "last", "before"]
        case .offsetList: [offsetArgument, "limit"]
        }
    }

    /// Reads `options.fieldPolicies`: `"Type.field": {"merge": ..., "keyArgs": [...], "paginationArgs": [...],
    /// "offsetArgument": ...}`.
    static func read(_ reader: ConfigurationReader) throws(CompilerError) -> [FieldPolicyOption] {
        var policies: [FieldPolicyOption] = []
        for member in try reader.members() {
            let entry = ConfigurationReader(member.value, path: reader.path + "." + member.key)
            let parts = member.key.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw CompilerError(
                    Diagnostic(
                        .error, "A field policy's key must be \"Type.field\", not \"\(member.key)\".",
                        at: [member.keyLocation], rule: "Configuration"))
            }
            try entry.allowKeys(["merge", "keyArgs", "paginationArgs", "offsetArgument"])
            var merge = Merge.replace
            if let mergeReader = try entry.optional("merge") {
                guard let value = Merge(rawValue: try mergeReader.string()) else {
                    let known = Merge.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw mergeReader.failure("must be one of \(known)")
                }
                merge = value
            }
            let keyArguments = try entry.optional("keyArgs")?.strings()
            let paginationArguments = try entry.optional("paginationArgs")?.strings()
            if keyArguments != nil, paginationArguments != nil {
                throw entry.failure("gives both keyArgs and paginationArgs; give one")
            }
            policies.append(
                FieldPolicyOption(
                    typeName: String(parts[0]), fieldName: String(parts[1]), merge: merge, keyArguments: keyArguments,
                    paginationArguments: paginationArguments,
                    offsetArgument: try entry.optional("offsetArgument")?.string() ?? "offset",
                    location: member.keyLocation))
        }
        return policies
    }
}
