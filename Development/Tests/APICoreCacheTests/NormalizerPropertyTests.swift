import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Testing

/// The property: whatever shape a response has, the records the normalizer writes while it is decoded are exactly
/// those of a reference normalizer written here from the caching rules alone.
///
/// Responses come from a seeded world in which every field of every object follows from the object's cache key (and
/// the field's storage key and list indexes), so a keyed object met at several places has the same fields at each,
/// and merging them is well-defined. A failure names its seed; rerun it with `seeds` set to that one value.
@Suite("Normalizer against a reference normalizer, on generated responses", .cpuBound)
struct NormalizerPropertyTests {
    static let seeds: ClosedRange<UInt64> = 1...500

    @Test("validated selection sets: the records of a decode equal the reference's")
    func validatedSelectionSets() throws {
        var coverage: Set<ResponseFeature> = []
        for seed in Self.seeds {
            let response = GeneratedResponse(seed: seed, root: GraphQLSelectionTree(PropertySchema.Root.self))
            let expected = try Self.reference(
                response, as: GraphQLSelectionTree(PropertySchema.Root.self), coverage: &coverage)
            let actual = try CacheStore().decode(
                PropertySchema.Root.self, from: response.data, variables: response.variables, rootKey: .queryRoot
            ).records
            try Self.require(actual, equals: expected, for: response)
        }
        #expect(
            coverage == Set(ResponseFeature.allCases),
            "never generated: \(Set(ResponseFeature.allCases).subtracting(coverage))")
    }

    @Test("a second shape: the records of a decode, and of a normalizer observing one, equal the reference's")
    func secondShape() throws {
        var coverage: Set<ResponseFeature> = []
        for seed in Self.seeds {
            let response = GeneratedResponse(seed: seed, root: GraphQLSelectionTree(PropertySchema.VariantRoot.self))
            let expected = try Self.reference(
                response, as: GraphQLSelectionTree(PropertySchema.VariantRoot.self), coverage: &coverage)
            let store = CacheStore()
            let decoded = try store.decode(
                PropertySchema.VariantRoot.self, from: response.data, variables: response.variables, rootKey: .queryRoot
            )
            try Self.require(decoded.records, equals: expected, for: response)

            let normalizer = store.normalizer(rootKey: .queryRoot, variables: response.variables)
            let context = GraphQLDecodingContext(variables: response.variables, observer: normalizer)
            let value = try PropertySchema.VariantRoot.decode(from: .object(response.data), in: context)
            try Self.require(normalizer.records, equals: expected, for: response)
            #expect(value == decoded.data, "\(response)")
        }
        #expect(coverage.isSuperset(of: [.keyedObjectMetTwice, .keyedAndUnkeyedSiblings, .nullInListOfLists]))
    }

    @Test("published records read back as the decoded data, through read and readFragment")
    func readBack() throws {
        for seed in Self.seeds.prefix(30) {
            let response = GeneratedResponse(seed: seed, root: GraphQLSelectionTree(PropertySchema.Root.self))
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
                    key: key, typename: typename, id: id,
                    selectionSets: [GraphQLSelectionTree(PropertySchema.Hero.self)])
                let read = try store.readFragment(
                    PropertySchema.Hero.self, key: CacheKey(key), variables: response.variables)
                #expect(read.__data == expected, "\(response)")
            }

            let variant = GeneratedResponse(seed: seed, root: GraphQLSelectionTree(PropertySchema.VariantRoot.self))
            let variantStore = CacheStore()
            let decoded = try variantStore.decode(
                PropertySchema.VariantRoot.self, from: variant.data, variables: variant.variables, rootKey: .queryRoot)
            try variantStore.publish(decoded.records)
            let read = try variantStore.readFragment(
                PropertySchema.VariantRoot.self, key: .queryRoot, variables: variant.variables)
            #expect(read == decoded.data, "\(variant)")
        }
    }

    static func reference(
        _ response: GeneratedResponse, as root: GraphQLSelectionTree, coverage: inout Set<ResponseFeature>
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

    static func describe(_ fields: RecordFields?) -> String {
        guard let fields else { return "nothing" }
        return "{" + fields.keys.sorted().map { "\($0): \(describe(fields[$0]))" }.joined(separator: ", ") + "}"
    }

    static func describe(_ value: RecordValue?) -> String {
        switch value {
        case nil: "absent"
        case .value(let json): JSONWriter().string(json)
        case .reference(let key): "-> \(key)"
        case .list(let elements): "[" + elements.map { describe($0) }.joined(separator: ", ") + "]"
        case .error(let error): "error \(error.message)"
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

    mutating func write(_ object: JSONObject, as type: GraphQLSelectionTree, key: CacheKey, at path: String) {
        if records[key] == nil { records[key] = [:] }
        write(type.selections, of: object, key: key, at: path)
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
                write(fragment.selections, of: object, key: key, at: path)
            case .inlineFragment(let typeCase):
                guard let typename = object["__typename"]?.stringValue, typeCase.parentType.includes(typename) else {
                    features.insert(.typeCaseSkipped)
                    continue
                }
                switch typename {
                case "User": features.insert(.typeCaseOnUser)
                case "Bot": features.insert(.typeCaseOnBot)
                default: features.insert(.typeCaseOnItem)
                }
                write(typeCase.selections, of: object, key: key, at: path)
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
    private mutating func identity(of object: JSONObject, as type: GraphQLSelectionTree) -> CacheKey? {
        let parentType = type.parentType
        let staticTypename = parentType.kind == .object ? parentType.name : nil
        guard let typename = object["__typename"]?.stringValue ?? staticTypename, let id = object["id"]?.stringValue
        else { return nil }
        if object["__typename"] == nil { features.insert(.keyedByStaticType) }
        return CacheKey(typename + ":" + id)
    }
}
