import APICoreGraphQL
import Foundation

/// Rebuilds response data from records, then decodes it through the generated types' own ``GraphQLSelectionSet``
/// initializer: the same code that decodes network data, so a cache read cannot drift from a network read.
///
/// The reader walks the selections as static data, following references, and fails on the first field it needs and
/// cannot find with the record key, field and response path. It remembers every field it looked at, found or not, so
/// a watcher knows which writes can change its result.
struct CacheDataReader {
    /// A selection with what can be worked out once per read: storage keys, and `@include`/`@skip` decided.
    private enum Step {
        case field(responseKey: String, storageKey: String, type: GraphQLOutputType)
        case fragment(any GraphQLSelectionSet.Type)
        case typeCase(any GraphQLSelectionSet.Type)
        case deferred(any GraphQLSelectionSet.Type)
    }

    /// Loads a record by key, with optimistic layers applied; `nil` when there is none.
    let load: (CacheKey) throws(CacheError) -> Record?
    /// Loads many records at once (the elements of a list), for caches where one load per record costs a round trip.
    let loadMany: (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    let variables: JSONObject
    /// The field policies, which decide the storage keys of paginated fields.
    let typePolicies: GraphQLTypePolicies
    let now: Date
    /// Whether to remember what the read depended on (for watchers).
    let tracksDependencies: Bool
    /// Whether a missing or expired field reads as `null` and is noted in ``misses`` instead of failing the read: a
    /// partial read.
    var collectsMisses = false

    /// The misses of a partial read, each with its response path, in the order met.
    private(set) var misses: [CacheError] = []

    /// Every field the read depended on, when tracked.
    private(set) var dependencies: Set<CacheFieldID> = []
    private var loaded: [CacheKey: Record] = [:]
    private var plans: [ObjectIdentifier: [Step]] = [:]
    /// The response path of the value being read, kept as a stack and turned into a ``ResponsePath`` only for errors.
    private var path: [ResponsePath.Component] = []

    init(
        variables: JSONObject,
        typePolicies: GraphQLTypePolicies = .none,
        now: Date,
        tracksDependencies: Bool,
        load: @escaping (CacheKey) throws(CacheError) -> Record?,
        loadMany: @escaping (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    ) {
        self.variables = variables
        self.typePolicies = typePolicies
        self.now = now
        self.tracksDependencies = tracksDependencies
        self.load = load
        self.loadMany = loadMany
    }

    /// Reads a selection set from the record with the given key.
    mutating func read<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        at key: CacheKey
    ) throws(CacheError) -> Selection {
        try decode(type, try objectData(type, key: key), key: key)
    }

    /// Reads what the cache holds of a selection set: missing and expired fields are `null`, and each such `null`
    /// goes up to the nearest field that may be null, as a server's field error would (``GraphQLNullPropagation``).
    /// Returns the value (`nil` when nothing may be null on the way to the root) and the misses, by path.
    mutating func readPartial<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        at key: CacheKey
    ) throws(CacheError) -> (value: Selection?, misses: [CacheError]) {
        collectsMisses = true
        let object: JSONObject
        do throws(CacheError) {
            object = try objectData(type, key: key)
        } catch  where error.isMiss {
            return (nil, [error])
        }
        guard !misses.isEmpty else { return (try decode(type, object, key: key), []) }
        let errors = CachePartialRead<Selection>(value: nil, misses: misses).errors
        let repaired = GraphQLNullPropagation.repair(
            GraphQLResponseBody(data: object, errors: errors, extensions: JSONObject()), as: type, variables: variables)
        guard let data = repaired.data else { return (nil, misses) }
        return (try decode(type, data, key: key), misses)
    }

    /// The `code` extension of the errors that stand for a partial read's misses.
    static let missErrorCode = "CACHE_MISS"

    private func decode<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type, _ object: JSONObject, key: CacheKey
    ) throws(CacheError) -> Selection {
        let context = GraphQLDecodingContext(variables: variables)
        do throws(GraphQLDecodingError) {
            return try Selection(reader: GraphQLObjectReader(object: object, selectionSet: type, context: context))
        } catch {
            throw CacheError(.decoding, key: key, path: error.path, reason: error.description, underlying: error)
        }
    }

    /// The response object for `type` rebuilt from the record `key`.
    private mutating func objectData(
        _ type: any GraphQLSelectionSet.Type, key: CacheKey
    ) throws(CacheError)
        -> JSONObject
    {
        let record = try record(key)
        var object = JSONObject()
        object.reserveCapacity(plan(for: type).count)
        try collect(type, record: record, into: &object)
        return object
    }

    private mutating func record(_ key: CacheKey) throws(CacheError) -> Record {
        if let record = loaded[key] { return record }
        guard let record = try load(key) else {
            // Depend on the whole record, so writing any of its fields wakes the watcher.
            if tracksDependencies { dependencies.insert(CacheFieldID(wholeRecord: key)) }
            throw CacheError(.missingRecord, key: key, path: ResponsePath(path))
        }
        loaded[key] = record
        return record
    }

    private mutating func collect(
        _ type: any GraphQLSelectionSet.Type,
        record: Record,
        into object: inout JSONObject
    ) throws(CacheError) {
        for step in plan(for: type) {
            switch step {
            case .field(let responseKey, let storageKey, let fieldType):
                if tracksDependencies { dependencies.insert(CacheFieldID(key: record.key, field: storageKey)) }
                path.append(.field(responseKey))
                defer { path.removeLast() }
                let json: JSONValue
                do throws(CacheError) {
                    guard let value = record.fields[storageKey] else {
                        // Servers and recorded responses may leave `__typename` out; so does the rebuilt data.
                        if storageKey == "__typename" { continue }
                        throw CacheError(.missingField, key: record.key, field: storageKey, path: ResponsePath(path))
                    }
                    if !record.expirations.isEmpty, record.isExpired(storageKey, at: now) {
                        throw CacheError(.expired, key: record.key, field: storageKey, path: ResponsePath(path))
                    }
                    json = try data(value, type: fieldType)
                } catch  where collectsMisses && error.isMiss {
                    misses.append(error)
                    json = .null
                }
                guard let position = object.position(of: responseKey) else {
                    object.append(uniqueKey: responseKey, json)
                    continue
                }
                // Selected again by a fragment or type case: objects merge, anything else is the same value.
                if case .object(let existing) = object.values[position], case .object(let addition) = json {
                    object[responseKey] = .object(Self.merged(existing, addition))
                } else {
                    object[responseKey] = json
                }
            case .fragment(let fragment):
                try collect(fragment, record: record, into: &object)
            case .typeCase(let typeCase):
                guard applies(typeCase.__parentType, to: record, within: type.__parentType) else { continue }
                try collect(typeCase, record: record, into: &object)
            case .deferred(let fragment):
                guard applies(fragment.__parentType, to: record, within: type.__parentType) else { continue }
                // A deferred part the cache does not hold in full is left pending, as it would be on the wire.
                var attempt = object
                do throws(CacheError) {
                    try collect(fragment, record: record, into: &attempt)
                    object = attempt
                } catch  where error.isMiss {
                    continue
                }
            }
        }
    }

    /// The steps of a selection set, worked out on first use in this read.
    private mutating func plan(for type: any GraphQLSelectionSet.Type) -> [Step] {
        let id = ObjectIdentifier(type)
        if let steps = plans[id] { return steps }
        var steps: [Step] = []
        appendSteps(type.__selections, of: type.__parentType.name, to: &steps)
        plans[id] = steps
        return steps
    }

    private func appendSteps(_ selections: [GraphQLSelection], of typename: String, to steps: inout [Step]) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let policy = typePolicies.fieldPolicy(for: typename, field: field.name)
                steps.append(
                    .field(
                        responseKey: field.responseKey,
                        storageKey: field.storageKey(variables: variables, policy: policy),
                        type: field.type))
            case .fragment(let fragment):
                steps.append(.fragment(fragment))
            case .inlineFragment(let typeCase):
                steps.append(.typeCase(typeCase))
            case .conditional(let conditions, let inner):
                if conditions.evaluate(with: variables) { appendSteps(inner, of: typename, to: &steps) }
            case .deferred(_, let fragment):
                steps.append(.deferred(fragment))
            }
        }
    }

    /// The JSON of a stored value, following references with the field's selection set.
    private mutating func data(_ value: RecordValue, type: GraphQLOutputType) throws(CacheError) -> JSONValue {
        switch value {
        case .value(let json):
            return json
        case .reference(let key):
            guard case .object(let selectionSet) = type.namedType else {
                throw CacheError(
                    .invalidData, key: key, path: ResponsePath(path), reason: "a reference where a leaf is selected")
            }
            return .object(try objectData(selectionSet, key: key))
        case .list(let elements):
            try prefetch(elements)
            let elementType = Self.elementType(of: type)
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                path.append(.index(index))
                defer { path.removeLast() }
                do throws(CacheError) {
                    array.append(try data(element, type: elementType))
                } catch  where collectsMisses && error.isMiss {
                    misses.append(error)
                    array.append(.null)
                }
            }
            return .array(array)
        }
    }

    /// Loads the records a list refers to in one call, so that reading its elements finds them loaded; records that
    /// are missing are left for ``record(_:)`` to report with their path.
    private mutating func prefetch(_ elements: [RecordValue]) throws(CacheError) {
        var keys: Set<CacheKey> = []
        for case .reference(let key) in elements where loaded[key] == nil { keys.insert(key) }
        guard keys.count > 1 else { return }
        for (key, record) in try loadMany(keys) { loaded[key] = record }
    }

    /// Whether a type condition holds for a record: by its stored `__typename`, else when the condition names the
    /// enclosing type itself.
    private mutating func applies(
        _ condition: GraphQLParentType, to record: Record, within parent: GraphQLParentType
    )
        -> Bool
    {
        if tracksDependencies { dependencies.insert(CacheFieldID(key: record.key, field: "__typename")) }
        if case .value(.string(let typename))? = record.fields["__typename"] {
            return condition.includes(typename)
        }
        return condition.name == parent.name
    }

    private static func elementType(of type: GraphQLOutputType) -> GraphQLOutputType {
        switch type {
        case .nonNull(let inner): elementType(of: inner)
        case .list(let element): element
        case .scalar, .object: type
        }
    }

    /// Two objects read for the same response key from different selections, fields merged recursively.
    static func merged(_ base: JSONObject, _ addition: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in addition.members {
            if case .object(let existing)? = result[key], case .object(let inner) = value {
                result[key] = .object(merged(existing, inner))
            } else if case .array(let existing)? = result[key], case .array(let inner) = value,
                existing.count == inner.count
            {
                result[key] = .array(zip(existing, inner).map(mergedElement))
            } else {
                result[key] = value
            }
        }
        return result
    }

    private static func mergedElement(_ base: JSONValue, _ addition: JSONValue) -> JSONValue {
        switch (base, addition) {
        case (.object(let left), .object(let right)): .object(merged(left, right))
        case (.array(let left), .array(let right)) where left.count == right.count:
            .array(zip(left, right).map(mergedElement))
        default: addition
        }
    }
}
