import APICoreGraphQL
import APICoreJSON
import Foundation

/// Rebuilds response data from records, checking each value as it is built the way the decode of network data checks
/// it (`GraphQLSelectionValidator`), so a generated selection set wraps the result without a second walk; anything only
/// that whole-tree check can judge sends the read through the generated types' own ``GraphQLSelectionSet``
/// initializer, the same code that decodes network data, so a cache read cannot drift from a network read.
///
/// The reader walks the selections as static data, following references, and fails on the first field it needs and
/// cannot find with the record key, field and response path. It remembers every field it looked at, found or not, so
/// a watcher knows which writes can change its result.
struct CacheDataReader {
    /// Loads a record by key, with optimistic layers applied; `nil` when there is none.
    let load: (CacheKey) throws(CacheError) -> Record?
    /// Loads many records at once (a level of the query, ``prefetchTree(from:plan:of:)``), for caches where one load
    /// per record costs a round trip.
    let loadMany: (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    let variables: JSONObject
    /// The field policies, which decide the storage keys of paginated fields.
    let typePolicies: GraphQLTypePolicies
    let now: Date
    /// Whether to remember what the read depended on (for watchers).
    let tracksDependencies: Bool
    /// Whether to load the records the read will follow ahead, a level of the query at a time, and keep what was
    /// loaded for the rest of the read (`NormalizedCacheReader/prefersBatchedLoads`).
    let batchesLoads: Bool
    /// Whether a missing or expired field reads as `null` and is noted in ``misses`` instead of failing the read: a
    /// partial read.
    var collectsMisses = false

    /// The misses of a partial read, each with its response path, in the order met.
    private(set) var misses: [CacheError] = []
    /// The field errors the cache holds for fields the read met (``RecordValue/error(_:)``), each at the path the
    /// read met it, in the order met: they read as `null`, and the read reports them as the server's response did.
    private(set) var fieldErrors: [GraphQLError] = []
    /// How fields past their time to live read: a miss (strict), or served and noted in ``staleFields``.
    var freshness = CacheFreshness.strict
    /// The fields a permissive read served after they expired, in the order met.
    private(set) var staleFields: [CacheStaleField] = []
    /// The earliest expiry of the fields read that are still fresh.
    private(set) var nextExpiry: Date?

    /// Every field the read depended on, when tracked.
    private(set) var dependencies: Set<CacheFieldID> = []
    var loaded: [CacheKey: Record] = [:]
    var plans: [ObjectIdentifier: Plan] = [:]
    /// The response path of the value being read, kept as a stack and turned into a ``ResponsePath`` only for errors.
    private var path: [ResponsePath.Component] = []
    /// Whether values are checked as they are built, so that data that passes is wrapped without a second walk; when
    /// `false`, every read decodes what it rebuilt with the whole-tree check. On by default; the differential tests
    /// turn it off to compare the two.
    var checksWhileBuilding = true
    /// Whether every value built so far passed the check the decode would make of it. Cleared by a value that fails it
    /// or that only the whole-tree check can judge (a deferred part, a type case on an object without `__typename`);
    /// the read then decodes the built data with that check, which reports the failure exactly as a network decode
    /// would.
    private var builtDataPassedChecks = true
    /// Whether the selections of the object being built hold a type case, for which the whole-tree check requires the
    /// object to have a `__typename`, whether the case applies or not.
    private var metTypeCase = false
    private let checkContext: GraphQLDecodingContext

    init(
        variables: JSONObject,
        typePolicies: GraphQLTypePolicies = .none,
        now: Date,
        tracksDependencies: Bool,
        batchesLoads: Bool = false,
        load: @escaping (CacheKey) throws(CacheError) -> Record?,
        loadMany: @escaping (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    ) {
        self.variables = variables
        self.typePolicies = typePolicies
        self.now = now
        self.tracksDependencies = tracksDependencies
        self.batchesLoads = batchesLoads
        self.load = load
        self.loadMany = loadMany
        checkContext = GraphQLDecodingContext(variables: variables)
    }

    /// Reads a selection set from the record with the given key.
    mutating func read<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        at key: CacheKey
    ) throws(CacheError) -> Selection {
        try read(GraphQLSelectionTree(type), as: type, at: key)
    }

    /// Reads `selections` from the record with the given key, as `type`: an operation's data, whose selections may
    /// have been compiled at run time.
    mutating func read<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree,
        as type: Selection.Type,
        at key: CacheKey
    ) throws(CacheError) -> Selection {
        // Built first: `decode` reads what building found out.
        let object = try objectData(selections, key: key)
        if fieldErrors.isEmpty {
            // Under `@catch` or `@catchByDefault`, a `null` another operation stored where this one's schema promises
            // none is repaired as the network's is: the client's own error there, taken up to the field that catches.
            // The tree is walked for that only when the data fails to decode so.
            do throws(CacheError) {
                return try decode(selections, as: type, object, key: key)
            } catch  where Self.isNullValue(error) && selections.catchesFieldErrors {
                builtDataPassedChecks = false
            }
        }
        // A stored error reads as `null`, which goes up to the nearest field that may be null, as the server's did.
        let repaired = GraphQLNullPropagation.repair(
            GraphQLResponseBody(data: object, errors: fieldErrors, extensions: JSONObject()), as: selections,
            variables: variables)
        // The errors the repair adds (a `null` where the schema promises none) are the read's, as they are the
        // network's.
        fieldErrors = repaired.errors
        guard let data = repaired.data else { throw fieldErrorFailure(key: key) }
        return try decode(selections, as: type, data, key: key)
    }

    /// Whether a decoding failure is a `null` where the selections promise a value.
    private static func isNullValue(_ error: CacheError) -> Bool {
        (error.underlying as? GraphQLDecodingError)?.reason == .nullValue
    }

    /// The failure of a read whose stored errors leave nothing to build.
    private func fieldErrorFailure(key: CacheKey) -> CacheError {
        CacheError(
            .fieldError, key: key, path: fieldErrors[0].path ?? ResponsePath([]),
            reason: "the server's error for a field the data cannot do without: \(fieldErrors[0].message)")
    }

    /// Reads what the cache holds of a selection set: missing and expired fields are `null`, and each such `null`
    /// goes up to the nearest field that may be null, as a server's field error would (``GraphQLNullPropagation``).
    /// Returns the value (`nil` when nothing may be null on the way to the root) and the misses, by path.
    mutating func readPartial<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree,
        as type: Selection.Type,
        at key: CacheKey
    ) throws(CacheError) -> (value: Selection?, misses: [CacheError]) {
        collectsMisses = true
        let object: JSONObject
        do throws(CacheError) {
            object = try objectData(selections, key: key)
        } catch  where error.isMiss {
            return (nil, [error])
        }
        if misses.isEmpty, fieldErrors.isEmpty {
            // A `null` where this operation's schema promises none is repaired, as in ``read(_:as:at:)``.
            do throws(CacheError) {
                return (try decode(selections, as: type, object, key: key), [])
            } catch  where Self.isNullValue(error) && selections.catchesFieldErrors {}
        }
        // The repaired data differs from what was checked while it was built.
        builtDataPassedChecks = false
        let missErrors = CachePartialRead<Selection>(value: nil, misses: misses).errors
        let repaired = GraphQLNullPropagation.repair(
            GraphQLResponseBody(data: object, errors: fieldErrors + missErrors, extensions: JSONObject()),
            as: selections, variables: variables)
        // The errors the repair adds are the read's, beside the stored ones (the misses are reported as misses).
        fieldErrors += repaired.errors.dropFirst(fieldErrors.count + missErrors.count)
        guard let data = repaired.data else {
            if misses.isEmpty { throw fieldErrorFailure(key: key) }
            return (nil, misses)
        }
        return (try decode(selections, as: type, data, key: key), misses)
    }

    /// The `code` extension of the errors that stand for a partial read's misses.
    static let missErrorCode = "CACHE_MISS"

    private func decode<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree, as type: Selection.Type, _ object: JSONObject, key: CacheKey
    ) throws(CacheError) -> Selection {
        if checksWhileBuilding, builtDataPassedChecks {
            return Selection(__object: GraphQLCheckedObject(data: object, variables: variables))
        }
        let context = GraphQLDecodingContext(variables: variables)
        do throws(GraphQLDecodingError) {
            return try Selection(reader: GraphQLObjectReader(object: object, selections: selections, context: context))
        } catch {
            throw CacheError(.decoding, key: key, path: error.path, reason: error.description, underlying: error)
        }
    }

    /// The response object for `type` rebuilt from the record `key`, the root of the read: where batched loads
    /// load what the read will follow.
    private mutating func objectData(
        _ type: GraphQLSelectionTree, key: CacheKey
    ) throws(CacheError) -> JSONObject {
        let plan = plan(for: type)
        if batchesLoads { try prefetchTree(from: try record(key), plan: plan, of: type) }
        return try objectData(type, plan: plan, key: key)
    }

    private mutating func objectData(
        _ type: GraphQLSelectionTree, plan: Plan, key: CacheKey
    ) throws(CacheError) -> JSONObject {
        let record = try record(key)
        var object = JSONObject()
        object.reserveCapacity(plan.capacity)
        let enclosingMetTypeCase = metTypeCase
        metTypeCase = false
        try collect(plan, of: type, record: record, into: &object, keysFrom: plan)
        if metTypeCase, object["__typename"]?.stringValue == nil { builtDataPassedChecks = false }
        metTypeCase = enclosingMetTypeCase
        return object
    }

    /// Fails on a field past its time to live, unless the read is permissive and the field not stale for longer than
    /// it allows, in which case the field is noted as stale; notes when a fresh field expires.
    private mutating func checkFreshness(of storageKey: String, in record: Record, expiry: Date) throws(CacheError) {
        guard expiry <= now else {
            if nextExpiry.map({ expiry < $0 }) ?? true { nextExpiry = expiry }
            return
        }
        guard freshness.serves(expiredAt: expiry, now: now) else {
            throw CacheError(.expired, key: record.key, field: storageKey, path: ResponsePath(path))
        }
        staleFields.append(
            CacheStaleField(
                field: CacheFieldID(key: record.key, field: storageKey), path: ResponsePath(path), expiredAt: expiry))
    }

    private mutating func record(_ key: CacheKey) throws(CacheError) -> Record {
        if batchesLoads, let record = loaded[key] { return record }
        guard let record = try load(key) else {
            // Depend on the whole record, so writing any of its fields wakes the watcher.
            if tracksDependencies { dependencies.insert(CacheFieldID(wholeRecord: key)) }
            throw CacheError(.missingRecord, key: key, path: ResponsePath(path))
        }
        if batchesLoads { loaded[key] = record }
        return record
    }

    /// Adds the fields of `plan` read from `record` to `object`, which is read with `objectPlan` (`plan` itself, or
    /// the plan `plan` is a fragment, type case or deferred part of): a field whose response key another selection of
    /// the object may have set already (``Plan/mayRepeat(_:)``) merges with what is there.
    private mutating func collect(
        _ plan: Plan,
        of type: GraphQLSelectionTree,
        record: Record,
        into object: inout JSONObject,
        keysFrom objectPlan: Plan
    ) throws(CacheError) {
        // Where the next field is looked for first: records hold their fields in the order selected.
        var expectedField = 0
        for step in plan.steps {
            switch step {
            case .field(let field):
                let storageKey = field.storageKey
                if tracksDependencies { dependencies.insert(CacheFieldID(key: record.key, field: storageKey)) }
                path.append(.field(field.responseKey))
                defer { path.removeLast() }
                let json: JSONValue
                do throws(CacheError) {
                    let position = record.fields.position(of: storageKey, expectedAt: expectedField)
                    guard let position else {
                        // Servers and recorded responses may leave `__typename` out; so does the rebuilt data.
                        if storageKey == "__typename" {
                            // The whole-tree check lets only the type name generated code adds go missing.
                            if !field.isImplicitTypename { builtDataPassedChecks = false }
                            continue
                        }
                        // A key the generator added, which the response that wrote the record may have lacked.
                        if field.isImplicitKey { continue }
                        throw CacheError(.missingField, key: record.key, field: storageKey, path: ResponsePath(path))
                    }
                    expectedField = position + 1
                    if !record.expirations.isEmpty, let expiry = record.expirations[storageKey] {
                        try checkFreshness(of: storageKey, in: record, expiry: expiry)
                    }
                    let checksValues = field.leafType == nil && !field.isImplicitTypename
                    // A stored JSON value, what most fields hold, is taken from the record without copying the
                    // record value around it.
                    if case .value(let stored) = record.fields.values[position] {
                        if checksValues, builtDataPassedChecks { check(stored, type: field.type, leafType: nil) }
                        json = stored
                    } else {
                        json = try data(
                            record.fields.values[position], type: field.type, of: field, checksValues: checksValues)
                    }
                    if let leafType = field.leafType, builtDataPassedChecks {
                        check(json, type: field.type, leafType: leafType)
                    }
                } catch  where collectsMisses && error.isMiss {
                    misses.append(error)
                    json = .null
                }
                guard objectPlan.mayRepeat(field), let position = object.position(of: field.responseKey) else {
                    object.append(uniqueKey: field.responseKey, json)
                    continue
                }
                // Selected again by a fragment or type case: objects merge, anything else is the same value.
                if case .object(let existing) = object.values[position], case .object(let addition) = json {
                    object[field.responseKey] = .object(Self.merged(existing, addition))
                } else {
                    object[field.responseKey] = json
                }
            case .fragment(let fragment):
                // A named fragment always applies (`GraphQLSelectionTree.applies`).
                try collect(
                    fragment.plan, of: fragment.selectionSet, record: record, into: &object, keysFrom: objectPlan)
            case .typeCase(let typeCase):
                metTypeCase = true
                guard applies(typeCase.selectionSet, as: .typeCase, to: record, within: type.parentType) else {
                    continue
                }
                try collect(
                    typeCase.plan, of: typeCase.selectionSet, record: record, into: &object, keysFrom: objectPlan)
            case .deferred(let part):
                guard applies(part.selectionSet, as: .deferred(label: nil), to: record, within: type.parentType) else {
                    continue
                }
                // Whether a deferred part has arrived is the whole-tree check's to decide.
                builtDataPassedChecks = false
                // A deferred part the cache does not hold in full is left pending, as it would be on the wire, with
                // none of the errors met in it.
                var attempt = object
                let errorsBefore = fieldErrors.count
                do throws(CacheError) {
                    try collect(
                        part.plan, of: part.selectionSet, record: record, into: &attempt, keysFrom: objectPlan)
                    object = attempt
                } catch  where error.isMiss {
                    fieldErrors.removeSubrange(errorsBefore...)
                    continue
                }
            }
        }
    }

    /// The JSON of a stored value, following references with the field's selection set. Stored JSON is checked against
    /// `type` when `checksValues` is set (a field with a Swift leaf type is checked whole by the caller instead); what is
    /// built from references and lists is checked as it is built.
    private mutating func data(
        _ value: RecordValue, type: GraphQLOutputType, of field: FieldStep, checksValues: Bool
    ) throws(CacheError) -> JSONValue {
        switch value {
        case .value(let json):
            if checksValues, builtDataPassedChecks { check(json, type: type, leafType: nil) }
            return json
        case .error(let error):
            // Once per path: a field selected again (by a fragment or a type case) is read again.
            let at = ResponsePath(path)
            if !fieldErrors.contains(where: { $0.path == at }) {
                fieldErrors.append(
                    GraphQLError(
                        message: error.message, locations: error.locations, path: at, extensions: error.extensions))
            }
            // The whole-tree check decides what a `null` here means, after the null has gone where it belongs.
            builtDataPassedChecks = false
            return .null
        case .reference(let key):
            guard let selectionSet = field.selectionSet else {
                throw CacheError(
                    .invalidData, key: key, path: ResponsePath(path), reason: "a reference where a leaf is selected")
            }
            if case .list = Self.nullable(type) { builtDataPassedChecks = false }
            let plan = selectionPlan(of: field, selectionSet)
            return .object(try objectData(selectionSet, plan: plan, key: key))
        case .list(let elements):
            if case .list = Self.nullable(type) {} else { builtDataPassedChecks = false }
            let elementType = Self.elementType(of: type)
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                path.append(.index(index))
                defer { path.removeLast() }
                do throws(CacheError) {
                    array.append(try data(element, type: elementType, of: field, checksValues: checksValues))
                } catch  where collectsMisses && error.isMiss {
                    misses.append(error)
                    array.append(.null)
                }
            }
            return .array(array)
        }
    }

    /// Whether a fragment, type case or deferred part applies to a record, by its stored `__typename` and the rule
    /// every walk applies (`GraphQLSelectionTree.applies`).
    private mutating func applies(
        _ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind, to record: Record, within parent: GraphQLParentType
    ) -> Bool {
        if tracksDependencies { dependencies.insert(CacheFieldID(key: record.key, field: "__typename")) }
        return Self.applies(tree, as: kind, to: record, within: parent)
    }

    static func applies(
        _ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind, to record: Record, within parent: GraphQLParentType
    ) -> Bool {
        var typename: String?
        if case .value(.string(let stored))? = record.fields["__typename"] { typename = stored }
        return tree.applies(toTypename: typename, as: kind, within: parent)
    }

    /// Clears ``builtDataPassedChecks`` unless `json` passes the decode's check as a value of `type`.
    private mutating func check(
        _ json: JSONValue, type: GraphQLOutputType, leafType: (any GraphQLLeafValue.Type)?
    ) {
        do throws(GraphQLDecodingError) {
            try GraphQLSelectionValidator.validateValue(json, type: type, leafType: leafType, in: checkContext)
        } catch {
            builtDataPassedChecks = false
        }
    }

    /// The type without its outer non-null marker.
    private static func nullable(_ type: GraphQLOutputType) -> GraphQLOutputType {
        if case .nonNull(let inner) = type { return inner }
        return type
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
