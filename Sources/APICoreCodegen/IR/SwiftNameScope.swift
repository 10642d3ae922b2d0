/// Hands out the Swift names of one scope so that no two collide: a candidate that is taken or reserved gets `_`
/// appended until it is free. Every name the generator declares goes through one, so that no GraphQL name, in any
/// letter case, can collide with another generated name, a Swift keyword, a standard-library or runtime type, or a
/// member generated code relies on.
struct SwiftNameScope {
    /// The names no claim may take; shared, never copied, however many scopes start from them.
    private let reserved: Set<String>
    /// The names claimed in this scope.
    private var claimed: Set<String> = []
    /// Whether names differing only in letter case collide: for the types of a module, whose files must have
    /// distinct names on a case-insensitive file system.
    private let ignoresCase: Bool

    init(reserving reserved: some Sequence<String>, ignoringCase: Bool = false) {
        ignoresCase = ignoringCase
        self.reserved = Set(reserved.map { ignoringCase ? $0.lowercased() : $0 })
    }

    /// A scope whose reserved names are already a set, as those of every selection set are.
    init(reserving reserved: Set<String>) {
        ignoresCase = false
        self.reserved = reserved
    }

    /// `candidate`, or the first of `candidate_`, `candidate__`... that is free; it is taken from then on.
    mutating func claim(_ candidate: String) -> String {
        var name = candidate
        while true {
            let key = ignoresCase ? name.lowercased() : name
            if !reserved.contains(key), claimed.insert(key).inserted { return name }
            name += "_"
        }
    }

    /// Whether `name` is taken or reserved.
    func contains(_ name: String) -> Bool {
        let key = ignoresCase ? name.lowercased() : name
        return reserved.contains(key) || claimed.contains(key)
    }
}

/// The names generated code depends on, which a declaration of the same name would shadow or break.
enum SwiftReservedNames {
    /// Types of the standard library, Foundation and the runtime that generated code spells unqualified, or that an
    /// app's code in the same module expects to find: a generated type of the same name would shadow them.
    static let types: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Bool", "Character", "Substring", "Optional", "Array", "Dictionary", "Set", "Result", "Error",
        "Never", "Void", "Any", "AnyObject", "AnyHashable", "Sendable", "Hashable", "Equatable", "Codable", "Decodable",
        "Encodable", "Identifiable", "CaseIterable", "Hasher", "Sequence", "Collection", "Data", "Date", "URL", "UUID",
        "Decimal", "Task", "Actor", "MainActor", "Swift", "Foundation", "Type", "Protocol", "Self", "APICoreGraphQL",
        "APICoreScalars", "JSONObject", "JSONValue", "GraphQLEnum", "GraphQLNullable", "GraphQLField",
        "GraphQLSelection", "GraphQLObjectReader", "GraphQLDecodingError", "GraphQLConditions", "GraphQLParentType",
        "GraphQLSelectionSet", "GraphQLRootSelectionSet", "GraphQLFragment", "GraphQLQuery", "GraphQLMutation",
        "GraphQLSubscription", "GraphQLOperation", "GraphQLInputObject", "GraphQLCustomScalar", "GraphQLTypePolicies",
        "GraphQLOutputType", "GraphQLArgumentValue", "GraphQLInputValue", "GraphQLFile", "Fragments",
        "GraphQLSelectionSetObject", "GraphQLCheckedObject", "GraphQLFragmentSpreads", "GraphQLFieldResult",
        "GraphQLCalendarDate",
    ]

    /// Members of a selection set's `fragments` (`GraphQLFragmentSpreads`), and names a member cannot take.
    static let fragmentSpreadMembers: Set<String> = [
        "__owner", "__fragment", "__deferred", "hashValue", "hash", "init", "self", "Self", "Type", "Protocol", "_",
    ]

    /// Members of every selection set, and names a member cannot take.
    static let selectionSetMembers: Set<String> = [
        "__object", "__data", "__variables", "__field", "__typeCase", "__deferred", "__decodeChecked", "__typename",
        "__parentType", "__selections", "__selectionTable", "fragments", "Fragments", "decode", "asSelectionSet",
        "hashValue", "hash", "init", "self", "Self", "Type", "Protocol", "_",
    ]

    /// The names a module-level generated type cannot take: keywords and the types above, compared ignoring case.
    static var moduleLevel: Set<String> { types.union(SwiftNames.keywords) }

    /// The names the namespace cannot take: those of module-level types, and the namespace's own members.
    static var namespace: Set<String> { moduleLevel.union(["Objects", "Interfaces", "Unions", "typePolicies"]) }
}
