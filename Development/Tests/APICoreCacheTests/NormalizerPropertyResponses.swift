import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import APICoreTestSupport
import Testing

// MARK: - Generated responses

/// A server's response to a root selection set, with random variables, over the seeded world.
struct GeneratedResponse: CustomStringConvertible {
    let seed: UInt64
    let variables: JSONObject
    let world: ResponseWorld
    let data: JSONObject

    init(seed: UInt64, root: GraphQLSelectionTree) {
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
        key: String, typename: String, id: String?, selectionSets: [GraphQLSelectionTree]
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
        _ type: GraphQLOutputType, selectionSets: [GraphQLSelectionTree], key: String, storageKey: String,
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
            let typename = selectionSet.parentType.possibleTypes.sorted().randomElement(using: &random)!
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
        _ selectionSets: [GraphQLSelectionTree], typename: String
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
                    if type.parentType.includes(typename) { collect(type.selections) }
                case .deferred:
                    preconditionFailure("the test schema defers nothing")
                }
            }
        }
        func storageKey(_ field: GraphQLField) -> String {
            CachingRules.storageKey(of: field, variables: variables)
        }
        for selectionSet in selectionSets { collect(selectionSet.selections) }
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
    var selectionSet: (GraphQLSelectionTree)? {
        if case .object(let selectionSet) = namedType { selectionSet } else { nil }
    }
}
