import APICoreGraphQL
import Foundation

/// Rebuilds response data from records, then decodes it through the generated types' own ``GraphQLSelectionSet``
/// initializer: the same code that decodes network data, so a cache read cannot drift from a network read.
///
/// The reader walks the selections as static data, following references, and fails on the first field it needs and
/// cannot find with the record key, field and response path. It remembers every field it looked at, found or not, so
/// a watcher knows which writes can change its result.
struct CacheDataReader {
    /// Loads a record by key, with optimistic layers applied; `nil` when there is none.
    let load: (CacheKey) throws(CacheError) -> Record?
    let variables: JSONObject
    let now: Date

    /// Every field the read depended on.
    private(set) var dependencies: Set<CacheFieldID> = []
    private var loaded: [CacheKey: Record] = [:]

    init(variables: JSONObject, now: Date, load: @escaping (CacheKey) throws(CacheError) -> Record?) {
        self.variables = variables
        self.now = now
        self.load = load
    }

    /// Reads a selection set from the record with the given key.
    mutating func read<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        at key: CacheKey
    ) throws(CacheError) -> Selection {
        let object = try objectData(type, key: key, path: ResponsePath(), dependentField: nil)
        let context = GraphQLDecodingContext(variables: variables)
        do throws(GraphQLDecodingError) {
            return try Selection(reader: GraphQLObjectReader(object: object, selectionSet: type, context: context))
        } catch {
            throw CacheError(
                .decoding, key: key, path: error.path, reason: error.description, underlying: error)
        }
    }

    /// The response object for `type` rebuilt from the record `key`.
    private mutating func objectData(
        _ type: any GraphQLSelectionSet.Type,
        key: CacheKey,
        path: ResponsePath,
        dependentField: String?
    ) throws(CacheError) -> JSONObject {
        let record = try record(key, path: path, firstField: dependentField ?? firstField(of: type))
        var object = JSONObject()
        try collect(type.__selections, parentType: type.__parentType, record: record, path: path, into: &object)
        return object
    }

    private mutating func record(
        _ key: CacheKey, path: ResponsePath, firstField: String?
    ) throws(CacheError)
        -> Record
    {
        if let record = loaded[key] { return record }
        guard let record = try load(key) else {
            // Depend on a field the record would have, so writing the record wakes the watcher.
            dependencies.insert(CacheFieldID(key: key, field: firstField ?? "__typename"))
            throw CacheError(.missingRecord, key: key, path: path)
        }
        loaded[key] = record
        return record
    }

    private mutating func collect(
        _ selections: [GraphQLSelection],
        parentType: GraphQLParentType,
        record: Record,
        path: ResponsePath,
        into object: inout JSONObject
    ) throws(CacheError) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let storageKey = field.storageKey(variables: variables)
                let fieldPath = path.appending(.field(field.responseKey))
                dependencies.insert(CacheFieldID(key: record.key, field: storageKey))
                guard let value = record.fields[storageKey] else {
                    throw CacheError(.missingField, key: record.key, field: storageKey, path: fieldPath)
                }
                if record.isExpired(storageKey, at: now) {
                    throw CacheError(.expired, key: record.key, field: storageKey, path: fieldPath)
                }
                let json = try data(value, type: field.type, path: fieldPath)
                if case .object(let existing)? = object[field.responseKey], case .object(let addition) = json {
                    object[field.responseKey] = .object(Self.merged(existing, addition))
                } else {
                    object[field.responseKey] = json
                }
            case .fragment(let fragment):
                try collect(
                    fragment.__selections, parentType: fragment.__parentType, record: record, path: path, into: &object)
            case .inlineFragment(let typeCase):
                guard applies(typeCase.__parentType, to: record, within: parentType) else { continue }
                try collect(
                    typeCase.__selections, parentType: typeCase.__parentType, record: record, path: path, into: &object)
            case .conditional(let conditions, let inner):
                guard conditions.evaluate(with: variables) else { continue }
                try collect(inner, parentType: parentType, record: record, path: path, into: &object)
            case .deferred(_, let fragment):
                guard applies(fragment.__parentType, to: record, within: parentType) else { continue }
                // A deferred part the cache does not hold in full is left pending, as it would be on the wire.
                var attempt = object
                do throws(CacheError) {
                    try collect(
                        fragment.__selections, parentType: fragment.__parentType, record: record, path: path,
                        into: &attempt)
                    object = attempt
                } catch  where error.isMiss {
                    continue
                }
            }
        }
    }

    /// The JSON of a stored value, following references with the field's selection set.
    private mutating func data(
        _ value: RecordValue, type: GraphQLOutputType, path: ResponsePath
    ) throws(CacheError)
        -> JSONValue
    {
        switch value {
        case .value(let json):
            return json
        case .reference(let key):
            guard case .object(let selectionSet) = type.namedType else {
                throw CacheError(.invalidData, key: key, path: path, reason: "a reference where a leaf is selected")
            }
            return .object(try objectData(selectionSet, key: key, path: path, dependentField: nil))
        case .list(let elements):
            let elementType = Self.elementType(of: type)
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                array.append(try data(element, type: elementType, path: path.appending(.index(index))))
            }
            return .array(array)
        }
    }

    /// Whether a type condition holds for a record: by its stored `__typename`, else when the condition names the
    /// enclosing type itself.
    private mutating func applies(
        _ condition: GraphQLParentType, to record: Record, within parent: GraphQLParentType
    )
        -> Bool
    {
        dependencies.insert(CacheFieldID(key: record.key, field: "__typename"))
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

    /// The storage key (arguments resolved) of the first field a selection set reads: what a read of a missing record
    /// depends on, since it cannot succeed before a write brings that field. Root fields usually take arguments
    /// (`product(id:)`), so their bare name would never match a write.
    private func firstField(of type: any GraphQLSelectionSet.Type) -> String? {
        for selection in type.__selections {
            if case .field(let field) = selection { return field.storageKey(variables: variables) }
        }
        return nil
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
