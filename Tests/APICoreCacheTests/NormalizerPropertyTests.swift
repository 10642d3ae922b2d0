import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Testing

/// The property: whatever shape a response has, the records the normalizer writes while it is decoded are exactly
/// those of a reference normalizer written here from the caching rules alone.
///
/// Responses come from a seeded world in which every field of every object follows from the object's cache key (and
/// the field's storage key and list indexes), so a keyed object met at several places has the same fields at each,
/// and merging them is well-defined. A failure names its seed; rerun it with `seeds` set to that one value.
@Suite("Normalizer against a reference normalizer, on generated responses")
struct NormalizerPropertyTests {
    static let seeds: ClosedRange<UInt64> = 1...500

    @Test("validated selection sets: the records of a decode equal the reference's")
    func validatedSelectionSets() throws {
        var coverage: Set<ResponseFeature> = []
        for seed in Self.seeds {
            let response = GeneratedResponse(seed: seed, root: PropertySchema.Root.self)
            let expected = try Self.reference(response, as: PropertySchema.Root.self, coverage: &coverage)
            let actual = try CacheStore().decode(
                PropertySchema.Root.self, from: response.data, variables: response.variables, rootKey: .queryRoot
            ).records
            try Self.require(actual, equals: expected, for: response)
        }
        #expect(
            coverage == Set(ResponseFeature.allCases),
            "never generated: \(Set(ResponseFeature.allCases).subtracting(coverage))")
    }

    @Test("eager readers: the records of a decode, and of a normalizer observing one, equal the reference's")
    func eagerReaders() throws {
        var coverage: Set<ResponseFeature> = []
        for seed in Self.seeds {
            let response = GeneratedResponse(seed: seed, root: PropertySchema.ReaderRoot.self)
            let expected = try Self.reference(response, as: PropertySchema.ReaderRoot.self, coverage: &coverage)
            let store = CacheStore()
            let decoded = try store.decode(
                PropertySchema.ReaderRoot.self, from: response.data, variables: response.variables, rootKey: .queryRoot)
            try Self.require(decoded.records, equals: expected, for: response)

            let normalizer = store.normalizer(rootKey: .queryRoot, variables: response.variables)
            let context = GraphQLDecodingContext(variables: response.variables, observer: normalizer)
            let value = try PropertySchema.ReaderRoot.decode(from: .object(response.data), in: context)
            try Self.require(normalizer.records, equals: expected, for: response)
            #expect(value == decoded.data, "\(response)")
        }
        #expect(coverage.isSuperset(of: [.keyedObjectMetTwice, .keyedAndUnkeyedSiblings, .nullInListOfLists]))
    }

    @Test("published records read back as the decoded data, through read and readFragment")
    func readBack() throws {
        for seed in Self.seeds.prefix(30) {
            let response = GeneratedResponse(seed: seed, root: PropertySchema.Root.self)
            let store = CacheStore()
            let query = PropertySchema.PropertyQuery(variables: response.variables)
            let (data, records) = try store.decode(query, data: response.data)
            try store.publish(records)
            #expect(try store.read(query) == data, "\(response)")

            // The hero alone, read from its own record, is what a server would send for its selections.
            if let hero = response.data["hero"]?.objectValue, let typename = hero["__typename"]?.stringValue,
                let id = hero["id"]?.stringValue
            {
                let key = "\(typename):\(id)"
                let expected = response.world.object(
                    key: key, typename: typename, id: id, selectionSets: [PropertySchema.Hero.self])
                let read = try store.readFragment(
                    PropertySchema.Hero.self, key: CacheKey(key), variables: response.variables)
                #expect(read.__data == expected, "\(response)")
            }

            let eager = GeneratedResponse(seed: seed, root: PropertySchema.ReaderRoot.self)
            let eagerStore = CacheStore()
            let decoded = try eagerStore.decode(
                PropertySchema.ReaderRoot.self, from: eager.data, variables: eager.variables, rootKey: .queryRoot)
            try eagerStore.publish(decoded.records)
            let read = try eagerStore.readFragment(
                PropertySchema.ReaderRoot.self, key: .queryRoot, variables: eager.variables)
            #expect(read == decoded.data, "\(eager)")
        }
    }

    static func reference(
        _ response: GeneratedResponse, as root: any GraphQLSelectionSet.Type, coverage: inout Set<ResponseFeature>
    ) throws -> RecordSet {
        var reference = ReferenceNormalizer(variables: response.variables)
        reference.write(response.data, as: root, key: .queryRoot, at: "")
        try #require(reference.conflicts.isEmpty, "\(response): the world is inconsistent: \(reference.conflicts)")
        coverage.formUnion(reference.features)
        return RecordSet(reference.records.map { Record(key: $0.key, fields: $0.value) })
    }

    /// Stops the test at the first seed whose records differ, naming the seed and the differing fields.
    static func require(
        _ actual: RecordSet, equals expected: RecordSet, for response: GeneratedResponse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let equal = actual == expected
        try #require(equal, "\(response): \(difference(actual, expected))", sourceLocation: sourceLocation)
    }

    /// The records that differ, field by field.
    static func difference(_ actual: RecordSet, _ expected: RecordSet) -> String {
        var lines: [String] = []
        for key in Set(actual.keys + expected.keys).sorted() where actual[key] != expected[key] {
            guard let found = actual[key]?.fields else {
                lines.append("missing record \(key), expected \(describe(expected[key]?.fields))")
                continue
            }
            guard let wanted = expected[key]?.fields else {
                lines.append("unexpected record \(key): \(describe(found))")
                continue
            }
            for field in Set(found.keys).union(wanted.keys).sorted() where found[field] != wanted[field] {
                lines.append("\(key) \(field): expected \(describe(wanted[field])), actual \(describe(found[field]))")
            }
        }
        return "\n" + lines.prefix(20).joined(separator: "\n")
    }

    static func describe(_ fields: [String: RecordValue]?) -> String {
        guard let fields else { return "nothing" }
        return "{" + fields.keys.sorted().map { "\($0): \(describe(fields[$0]))" }.joined(separator: ", ") + "}"
    }

    static func describe(_ value: RecordValue?) -> String {
        switch value {
        case nil: "absent"
        case .value(let json): JSONWriter().string(json)
        case .reference(let key): "-> \(key)"
        case .list(let elements): "[" + elements.map { describe($0) }.joined(separator: ", ") + "]"
        }
    }
}

/// What the generated responses must include for the property to mean something.
enum ResponseFeature: CaseIterable {
    case keyedObjectMetTwice, keyedAndUnkeyedSiblings, keyedByStaticType, nullInListOfLists, emptyList, nullObject
    case typeCaseOnUser, typeCaseOnBot, typeCaseOnItem, typeCaseSkipped, fragmentReentry, aliasesSharingStorageKey
    case variableArgument, absentVariableArgument, includedField, excludedField
}

// MARK: - The caching rules, as the reference reads them

/// The storage key of a field and the `@include`/`@skip` rule, written out from their definitions.
enum CachingRules {
    /// `name`, or `name(arg:json,...)` with the arguments sorted by name; absent variables leave their argument out.
    static func storageKey(of field: GraphQLField, variables: JSONObject) -> String {
        var arguments: [(name: String, text: String)] = []
        for (name, value) in field.arguments {
            let json: JSONValue?
            switch value {
            case .literal(let literal): json = literal
            case .variable(let variable): json = variables[variable]
            case .list, .object: preconditionFailure("the test schema's arguments are literals and variables")
            }
            switch json {
            case nil: continue
            case .int(let integer)?: arguments.append((name, String(integer)))
            case .string(let string)?: arguments.append((name, "\"\(string)\""))
            default: preconditionFailure("the test schema's arguments are integers and plain strings")
            }
        }
        guard !arguments.isEmpty else { return field.name }
        let sorted = arguments.sorted { $0.name < $1.name }
        return field.name + "(" + sorted.map { "\($0.name):\($0.text)" }.joined(separator: ",") + ")"
    }

    static func includes(_ conditions: GraphQLConditions, variables: JSONObject) -> Bool {
        conditions.conditions.allSatisfy { condition in
            switch condition {
            case .include(let name): variables[name] == .bool(true)
            case .skip(let name): variables[name] != .bool(true)
            }
        }
    }
}

/// A plain recursive walk over the response JSON following the static selections: every object's fields go to the
/// record of its key (`Typename:id`, else its parent's key, the field's storage key and its list indexes); objects
/// met several times, and fragments and type cases of one object, merge into one record.
struct ReferenceNormalizer {
    let variables: JSONObject
    private(set) var records: [CacheKey: [String: RecordValue]] = [:]
    /// Fields written twice with different values: a world that is not consistent.
    private(set) var conflicts: [String] = []
    private(set) var features: Set<ResponseFeature> = []
    /// The response paths each keyed object was met at.
    private var paths: [CacheKey: Set<String>] = [:]
    /// Which response key wrote each field of each record.
    private var writers: [CacheKey: [String: String]] = [:]

    init(variables: JSONObject) {
        self.variables = variables
    }

    mutating func write(_ object: JSONObject, as type: any GraphQLSelectionSet.Type, key: CacheKey, at path: String) {
        if records[key] == nil { records[key] = [:] }
        write(type.__selections, of: object, key: key, at: path)
    }

    private mutating func write(_ selections: [GraphQLSelection], of object: JSONObject, key: CacheKey, at path: String)
    {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard let json = object[field.responseKey] else { continue }
                let storageKey = CachingRules.storageKey(of: field, variables: variables)
                if field.arguments.contains(where: { if case .variable = $0.value { true } else { false } }) {
                    features.insert(storageKey.contains("(") ? .variableArgument : .absentVariableArgument)
                }
                let fieldPath = path + "." + field.responseKey
                let value = value(json, type: field.type, parent: key, storageKey: storageKey, path: fieldPath)
                if let existing = records[key]?[storageKey], existing != value {
                    conflicts.append(
                        "\(key) \(storageKey): \(NormalizerPropertyTests.describe(existing)), then "
                            + NormalizerPropertyTests.describe(value))
                }
                if let writer = writers[key]?[storageKey], writer != field.responseKey {
                    features.insert(.aliasesSharingStorageKey)
                }
                records[key]?[storageKey] = value
                writers[key, default: [:]][storageKey] = field.responseKey
            case .conditional(let conditions, let inner):
                let included = CachingRules.includes(conditions, variables: variables)
                features.insert(included ? .includedField : .excludedField)
                if included { write(inner, of: object, key: key, at: path) }
            case .fragment(let fragment):
                features.insert(.fragmentReentry)
                write(fragment.__selections, of: object, key: key, at: path)
            case .inlineFragment(let typeCase):
                guard let typename = object["__typename"]?.stringValue, typeCase.__parentType.includes(typename) else {
                    features.insert(.typeCaseSkipped)
                    continue
                }
                switch typename {
                case "User": features.insert(.typeCaseOnUser)
                case "Bot": features.insert(.typeCaseOnBot)
                default: features.insert(.typeCaseOnItem)
                }
                write(typeCase.__selections, of: object, key: key, at: path)
            case .deferred:
                conflicts.append("the test schema defers nothing")
            }
        }
    }

    private mutating func value(
        _ json: JSONValue, type: GraphQLOutputType, parent: CacheKey, storageKey: String, path: String,
        indexes: [Int] = []
    ) -> RecordValue {
        switch (type, json) {
        case (_, .null):
            if indexes.count == 2 { features.insert(.nullInListOfLists) }
            if type.selectionSet != nil, indexes.isEmpty { features.insert(.nullObject) }
            return .null
        case (.nonNull(let inner), _):
            return value(json, type: inner, parent: parent, storageKey: storageKey, path: path, indexes: indexes)
        case (.list(let element), .array(let elements)):
            if elements.isEmpty { features.insert(.emptyList) }
            var values: [RecordValue] = []
            var keyed: Set<Bool> = []
            for (index, item) in elements.enumerated() {
                let itemPath = path + "." + String(index)
                values.append(
                    value(
                        item, type: element, parent: parent, storageKey: storageKey, path: itemPath,
                        indexes: indexes + [index]))
                if case .object(let object) = item { keyed.insert(object["id"]?.stringValue != nil) }
            }
            if keyed.count == 2 { features.insert(.keyedAndUnkeyedSiblings) }
            return .list(values)
        case (.object(let selectionSet), .object(let object)):
            let identity = identity(of: object, as: selectionSet)
            if let identity {
                paths[identity, default: []].insert(path)
                if paths[identity]!.count > 1 { features.insert(.keyedObjectMetTwice) }
            }
            let key =
                identity
                ?? CacheKey(([parent.rawValue, storageKey] + indexes.map { String($0) }).joined(separator: "."))
            write(object, as: selectionSet, key: key, at: path)
            return .reference(key)
        default:
            return .value(json)
        }
    }

    /// `Typename:id`, the type name from the data, else from the selection set when that names an object type.
    private mutating func identity(of object: JSONObject, as type: any GraphQLSelectionSet.Type) -> CacheKey? {
        let parentType = type.__parentType
        let staticTypename = parentType.kind == .object ? parentType.name : nil
        guard let typename = object["__typename"]?.stringValue ?? staticTypename, let id = object["id"]?.stringValue
        else { return nil }
        if object["__typename"] == nil { features.insert(.keyedByStaticType) }
        return CacheKey(typename + ":" + id)
    }
}

// MARK: - Generated responses

/// A server's response to a root selection set, with random variables, over the seeded world.
struct GeneratedResponse: CustomStringConvertible {
    let seed: UInt64
    let variables: JSONObject
    let world: ResponseWorld
    let data: JSONObject

    init(seed: UInt64, root: any GraphQLSelectionSet.Type) {
        var random = SeededGenerator(seed: seed)
        var variables = JSONObject()
        variables["withTags"] = .bool(Bool.random(using: &random))
        if let first = ([nil, 1, 2, 3] as [Int64?]).randomElement(using: &random)! { variables["n"] = .int(first) }
        if let cursor = ([nil, "c"] as [String?]).randomElement(using: &random)! {
            variables["cursor"] = .string(cursor)
        }
        if let term = ([nil, "new", "old"] as [String?]).randomElement(using: &random)! {
            variables["term"] = .string(term)
        }
        self.seed = seed
        self.variables = variables
        world = ResponseWorld(seed: seed, variables: variables)
        data = world.object(key: CacheKey.queryRoot.rawValue, typename: "Query", id: nil, selectionSets: [root])
    }

    var description: String { "seed \(seed), variables \(JSONWriter().string(.object(variables)))" }
}

/// Response data as a server computes it: the fields every applicable selection selects from an object, grouped by
/// response key; each value drawn from a generator seeded by the object's cache key, the field's storage key and the
/// list indexes, so it is the same wherever the object is met.
struct ResponseWorld {
    /// The ids of the object types that have them, a small pool so that objects recur.
    static let ids: [String: [String]] = [
        "User": ["1", "2", "3"], "Bot": ["1", "2"], "Tag": ["a", "b"], "Item": ["1", "2"],
    ]
    /// The types whose `id` is nullable, so that keyed and unkeyed objects of the type mix.
    static let sometimesKeyed: Set<String> = ["Item"]

    let seed: UInt64
    let variables: JSONObject

    /// The object stored under `key`, as the given selection sets select it.
    func object(
        key: String, typename: String, id: String?, selectionSets: [any GraphQLSelectionSet.Type]
    ) -> JSONObject {
        var object = JSONObject()
        for (responseKey, fields) in collectFields(selectionSets, typename: typename) {
            let field = fields[0]
            switch field.name {
            case "__typename":
                object[responseKey] = .string(typename)
            case "id":
                object[responseKey] = id.map { .string($0) } ?? .null
            default:
                let storageKey = CachingRules.storageKey(of: field, variables: variables)
                let inner = fields.compactMap(\.type.selectionSet)
                object[responseKey] = value(field.type, selectionSets: inner, key: key, storageKey: storageKey)
            }
        }
        return object
    }

    private func value(
        _ type: GraphQLOutputType, selectionSets: [any GraphQLSelectionSet.Type], key: String, storageKey: String,
        indexes: [Int] = [], nullable: Bool = true
    ) -> JSONValue {
        let path = ([key, storageKey] + indexes.map { String($0) }).joined(separator: ".")
        var random = generator(for: path)
        if case .nonNull(let inner) = type {
            return value(
                inner, selectionSets: selectionSets, key: key, storageKey: storageKey, indexes: indexes, nullable: false
            )
        }
        if nullable, Int.random(in: 0..<8, using: &random) == 0 { return .null }
        switch type {
        case .scalar("Int"):
            return .int(Int64.random(in: 0..<100, using: &random))
        case .scalar:
            return .string(storageKey + "-" + String(Int.random(in: 0..<100, using: &random)))
        case .list(let element):
            let count = Int.random(in: 0...4, using: &random)
            return .array(
                (0..<count).map {
                    value(
                        element, selectionSets: selectionSets, key: key, storageKey: storageKey, indexes: indexes + [$0]
                    )
                })
        case .object(let selectionSet):
            let typename = selectionSet.__parentType.possibleTypes.sorted().randomElement(using: &random)!
            var id: String?
            if let pool = Self.ids[typename], !Self.sometimesKeyed.contains(typename) || Bool.random(using: &random) {
                id = pool.randomElement(using: &random)
            }
            let selectsID = collectFields(selectionSets, typename: typename).contains { $0.responseKey == "id" }
            let childKey = selectsID ? id.map { typename + ":" + $0 } ?? path : path
            return .object(object(key: childKey, typename: typename, id: id, selectionSets: selectionSets))
        case .nonNull:
            preconditionFailure("unwrapped above")
        }
    }

    /// The fields the selection sets select from an object of type `typename`, by response key, in order.
    private func collectFields(
        _ selectionSets: [any GraphQLSelectionSet.Type], typename: String
    ) -> [(responseKey: String, fields: [GraphQLField])] {
        var groups: [(responseKey: String, fields: [GraphQLField])] = []
        func collect(_ selections: [GraphQLSelection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if let index = groups.firstIndex(where: { $0.responseKey == field.responseKey }) {
                        precondition(
                            storageKey(groups[index].fields[0]) == storageKey(field),
                            "\(field.responseKey) selected with other arguments: the test schema's query is invalid")
                        groups[index].fields.append(field)
                    } else {
                        groups.append((field.responseKey, [field]))
                    }
                case .conditional(let conditions, let inner):
                    if CachingRules.includes(conditions, variables: variables) { collect(inner) }
                case .fragment(let type), .inlineFragment(let type):
                    if type.__parentType.includes(typename) { collect(type.__selections) }
                case .deferred:
                    preconditionFailure("the test schema defers nothing")
                }
            }
        }
        func storageKey(_ field: GraphQLField) -> String {
            CachingRules.storageKey(of: field, variables: variables)
        }
        for selectionSet in selectionSets { collect(selectionSet.__selections) }
        return groups
    }

    /// A generator for one position of the world: FNV-1a of its path, mixed with the seed.
    private func generator(for path: String) -> SeededGenerator {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SeededGenerator(seed: hash)
    }
}

extension GraphQLOutputType {
    fileprivate var selectionSet: (any GraphQLSelectionSet.Type)? {
        if case .object(let selectionSet) = namedType { selectionSet } else { nil }
    }
}

// MARK: - The test schema's selection sets

extension GraphQLSelection {
    fileprivate static func leaf(
        _ name: String, alias: String? = nil, _ type: GraphQLOutputType, _ swiftType: any GraphQLOutputValue.Type,
        arguments: [(name: String, value: GraphQLArgumentValue)] = []
    ) -> GraphQLSelection {
        .field(GraphQLField(name, alias: alias, type, arguments: arguments, leaf: swiftType))
    }

    fileprivate static func object(
        _ name: String, alias: String? = nil, _ type: GraphQLOutputType,
        arguments: [(name: String, value: GraphQLArgumentValue)] = []
    ) -> GraphQLSelection {
        .field(GraphQLField(name, alias: alias, type, arguments: arguments))
    }

    fileprivate static let typename = GraphQLSelection.field(GraphQLField("__typename", .nonNull(.scalar("String"))))
    fileprivate static let id = leaf("id", .nonNull(.scalar("ID")), String.self)
    fileprivate static let nullableID = leaf("id", .scalar("ID"), String?.self)
    fileprivate static let name = leaf("name", .nonNull(.scalar("String")), String.self)
    fileprivate static let title = leaf("title", .nonNull(.scalar("String")), String.self)
}

/// ```graphql
/// interface Node { id: ID!, name: String!, best: Node, rank(by: String): Int }
/// type User implements Node { age: Int, tags: [Tag!]!, pets: [[Item]] ... }
/// type Bot implements Node { model: String, owner: User ... }
/// type Tag { id: ID!, label: String! }          # always keyed, by its static type: never selects __typename
/// type Item { id: ID, title: String!, part: Part }  # keyed when its id is not null
/// type Part { size: Int, note: String }          # never keyed
/// type Viewer { part: Part!, recent: [Item] }     # never keyed
/// union Result = User | Bot | Item
/// type Query { hero: Node, items(first: Int, after: String): [Item]!, grid(size: Int): [[Item]],
///              search(term: String): [Result!]!, tags: [Tag!]!, viewer: Viewer }
/// ```
enum PropertySchema {
    static let query = GraphQLParentType.object("Query")
    static let node = GraphQLParentType.interface("Node", possibleTypes: ["User", "Bot"])
    static let result = GraphQLParentType.union("Result", possibleTypes: ["User", "Bot", "Item"])

    struct PropertyQuery: GraphQLQuery {
        typealias Data = Root
        static let operationName = "NormalizerProperty"
        static let document = "query NormalizerProperty { ... }"
        let variables: JSONObject
    }

    /// ```graphql
    /// { hero { ...Hero } first: items(first: 2) { id title } more: items(first: $n, after: $cursor) { id title part }
    ///   grid(size: 2) { id title part } search(term: "a") { ... } tags @include(if: $withTags) { id label }
    ///   viewer { part recent } ...RootExtras ...RootMore @skip(if: $withTags) }
    /// ```
    struct Root: GraphQLRootSelectionSet, GraphQLDataSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("hero", .object(Hero.self)),
            .object(
                "items", alias: "first", .nonNull(.list(.object(ItemBrief.self))), arguments: [("first", .literal(2))]),
            .object(
                "items", alias: "more", .nonNull(.list(.object(ItemFull.self))),
                arguments: [("first", .variable("n")), ("after", .variable("cursor"))]),
            .object("grid", .list(.list(.object(ItemFull.self))), arguments: [("size", .literal(2))]),
            .object(
                "search", .nonNull(.list(.nonNull(.object(SearchResult.self)))), arguments: [("term", .literal("a"))]),
            .conditional(.include("withTags"), [.object("tags", .nonNull(.list(.nonNull(.object(TagFields.self)))))]),
            .object("viewer", .object(Viewer.self)),
            .fragment(RootExtras.self),
            .conditional(.skip("withTags"), [.fragment(RootMore.self)]),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `fragment RootExtras on Query { hero { __typename id rank(by: $term) } viewer { part { note } } }`
    struct RootExtras: GraphQLDataSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("hero", .object(NodeRank.self)), .object("viewer", .object(ViewerNote.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `fragment RootMore on Query { viewer { part { size } recent { id title } } found: search(term: "b") { ... } }`
    struct RootMore: GraphQLDataSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("viewer", .object(Viewer.self)),
            .object(
                "search", alias: "found", .nonNull(.list(.nonNull(.object(SearchResult.self)))),
                arguments: [("term", .literal("b"))]),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `hero { __typename id name best { __typename id } ...NodeDetails ... on User { ... } ... on Bot { ... } }`
    struct Hero: GraphQLDataSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .name, .object("best", .object(NodeID.self)), .fragment(NodeDetails.self),
            .inlineFragment(HeroAsUser.self), .inlineFragment(HeroAsBot.self),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `fragment NodeDetails on Node { name top: rank(by: "top") low: rank(by: "low") best { id rank(by: $term) }
    /// ...NodeRank }`: a fragment within a fragment.
    struct NodeDetails: GraphQLDataSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .name, .fragment(NodeRank.self),
            .leaf("rank", alias: "top", .scalar("Int"), Int?.self, arguments: [("by", .literal("top"))]),
            .leaf("rank", alias: "low", .scalar("Int"), Int?.self, arguments: [("by", .literal("low"))]),
            .object("best", .object(NodeRank.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `... on User { age best { __typename id name ... on Bot { model } } tags { id label } pets { id title part } }`:
    /// `best` again, with another selection.
    struct HeroAsUser: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [
            .typename, .leaf("age", .scalar("Int"), Int?.self), .object("best", .object(NodeNamed.self)),
            .object("tags", .nonNull(.list(.nonNull(.object(TagFields.self))))),
            .object("pets", .list(.list(.object(ItemFull.self)))),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `... on Bot { model owner { __typename id name } }`
    struct HeroAsBot: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Bot")
        static let __selections: [GraphQLSelection] = [
            .typename, .leaf("model", .scalar("String"), String?.self), .object("owner", .object(Owner.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    struct Owner: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [.typename, .id, .name]
        let __object: GraphQLCheckedObject
    }

    struct NodeID: GraphQLDataSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [.typename, .id]
        let __object: GraphQLCheckedObject
    }

    struct NodeRank: GraphQLDataSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .leaf("rank", .scalar("Int"), Int?.self, arguments: [("by", .variable("term"))]),
        ]
        let __object: GraphQLCheckedObject
    }

    struct NodeNamed: GraphQLDataSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .name, .object("best", .object(NodeID.self)), .inlineFragment(BotModel.self),
        ]
        let __object: GraphQLCheckedObject
    }

    struct BotModel: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Bot")
        static let __selections: [GraphQLSelection] = [.typename, .leaf("model", .scalar("String"), String?.self)]
        let __object: GraphQLCheckedObject
    }

    /// `search(term: "a") { __typename ... on Node { id name best { id } } ... on Item { id title }
    /// ... on User { age best { id name ... } } }`: list elements entered again after their children.
    struct SearchResult: GraphQLDataSelectionSet {
        static let __parentType = result
        static let __selections: [GraphQLSelection] = [
            .typename, .inlineFragment(SearchNode.self), .inlineFragment(SearchItem.self),
            .inlineFragment(SearchUser.self),
        ]
        let __object: GraphQLCheckedObject
    }

    struct SearchNode: GraphQLDataSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [.typename, .id, .name, .object("best", .object(NodeID.self))]
        let __object: GraphQLCheckedObject
    }

    struct SearchItem: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections: [GraphQLSelection] = [.typename, .nullableID, .title]
        let __object: GraphQLCheckedObject
    }

    struct SearchUser: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [
            .typename, .leaf("age", .scalar("Int"), Int?.self), .object("best", .object(NodeNamed.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    struct TagFields: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Tag")
        static let __selections: [GraphQLSelection] = [.id, .leaf("label", .nonNull(.scalar("String")), String.self)]
        let __object: GraphQLCheckedObject
    }

    struct ItemBrief: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections: [GraphQLSelection] = [.nullableID, .title]
        let __object: GraphQLCheckedObject
    }

    struct ItemFull: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections: [GraphQLSelection] = [.nullableID, .title, .object("part", .object(PartSize.self))]
        let __object: GraphQLCheckedObject
    }

    struct PartSize: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Part")
        static let __selections: [GraphQLSelection] = [.leaf("size", .scalar("Int"), Int?.self)]
        let __object: GraphQLCheckedObject
    }

    struct PartNote: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Part")
        static let __selections: [GraphQLSelection] = [.leaf("note", .scalar("String"), String?.self)]
        let __object: GraphQLCheckedObject
    }

    struct Viewer: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Viewer")
        static let __selections: [GraphQLSelection] = [
            .object("part", .nonNull(.object(PartSize.self))), .object("recent", .list(.object(ItemBrief.self))),
        ]
        let __object: GraphQLCheckedObject
    }

    struct ViewerNote: GraphQLDataSelectionSet {
        static let __parentType = GraphQLParentType.object("Viewer")
        static let __selections: [GraphQLSelection] = [.object("part", .nonNull(.object(PartNote.self)))]
        let __object: GraphQLCheckedObject
    }
}

// MARK: - Selection sets read field by field

extension PropertySchema {
    /// The query read eagerly: a fragment first, its own fields in another order than selected, a fragment last.
    struct ReaderRoot: GraphQLSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("hero", .object(ReaderHero.self)),
            .object(
                "items", alias: "first", .nonNull(.list(.object(ItemBrief.self))), arguments: [("first", .literal(2))]),
            .object("grid", .list(.list(.object(ReaderItem.self))), arguments: [("size", .variable("n"))]),
            .conditional(.include("withTags"), [.object("tags", .nonNull(.list(.nonNull(.object(TagFields.self)))))]),
            .fragment(RootExtras.self),
            .fragment(RootMore.self),
        ]
        let __data: JSONObject
        let extras: RootExtras
        let grid: [[ReaderItem?]?]?
        let tags: [TagFields]?
        let first: [ItemBrief?]
        let hero: ReaderHero?
        let more: RootMore

        init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            extras = try reader.fragment(RootExtras.self)
            grid = try reader.field("grid")
            tags = try reader.field("tags", if: .include("withTags"), as: [TagFields].self)
            first = try reader.field("first")
            hero = try reader.field("hero")
            more = try reader.fragment(RootMore.self)
        }
    }

    /// The hero read eagerly: its fragment first, then its fields backwards, then its type cases.
    struct ReaderHero: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .name, .object("best", .object(NodeID.self)), .fragment(NodeDetails.self),
            .inlineFragment(ReaderHeroAsUser.self),
            .conditional(.include("withTags"), [.inlineFragment(HeroAsBot.self)]),
        ]
        let __data: JSONObject
        let details: NodeDetails
        let best: NodeID?
        let name: String
        let id: String
        let asUser: ReaderHeroAsUser?
        let asBot: HeroAsBot?

        init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            details = try reader.fragment(NodeDetails.self)
            best = try reader.field("best")
            name = try reader.field("name")
            id = try reader.field("id")
            asUser = try reader.typeCase(ReaderHeroAsUser.self)
            asBot = reader.context.includes(.include("withTags")) ? try reader.typeCase(HeroAsBot.self) : nil
        }
    }

    struct ReaderHeroAsUser: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections = HeroAsUser.__selections
        let __data: JSONObject
        let pets: [[ItemFull?]?]?
        let tags: [TagFields]
        let best: NodeNamed?
        let age: Int?

        init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            pets = try reader.field("pets")
            tags = try reader.field("tags")
            best = try reader.field("best")
            age = try reader.field("age")
        }
    }

    struct ReaderItem: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections = ItemFull.__selections
        let __data: JSONObject
        let part: PartSize?
        let title: String
        let id: String?

        init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            part = try reader.field("part")
            title = try reader.field("title")
            id = try reader.field("id")
        }
    }
}
