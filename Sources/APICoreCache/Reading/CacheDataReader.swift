import APICoreGraphQL
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
    /// The steps of one selection set in this read: storage keys worked out and `@include`/`@skip` decided, once per
    /// read, since both depend on the variables. A class, so that the plans of what a step leads to are worked out on
    /// first use and kept on the step.
    private final class Plan {
        let steps: [Step]
        /// Whether the steps are fields with distinct response keys and nothing else, so that an object built from
        /// this plan alone cannot meet a response key twice.
        let isFlat: Bool
        /// The most fields an object read with this plan can hold, its fragments' and type cases' included.
        let capacity: Int

        init(steps: [Step], isFlat: Bool, capacity: Int) {
            self.steps = steps
            self.isFlat = isFlat
            self.capacity = capacity
        }
    }

    /// A selection of a plan.
    private enum Step {
        case field(FieldStep)
        case fragment(SpreadStep)
        case typeCase(SpreadStep)
        case deferred(SpreadStep)

        /// How a spread step reaches its object.
        var spreadKind: GraphQLSpreadKind {
            switch self {
            case .field, .fragment: .fragment
            case .typeCase: .typeCase
            case .deferred: .deferred(label: nil)
            }
        }
    }

    /// A selected field. A class, so that iterating a plan retains one reference per step.
    private final class FieldStep {
        let responseKey: String
        let storageKey: String
        let type: GraphQLOutputType
        let leafType: (any GraphQLOutputValue.Type)?
        let isImplicitTypename: Bool
        /// The selection set of a field of an object type (or a list of them).
        let selectionSet: GraphQLSelectionTree?
        /// The plan of ``selectionSet``, once first needed.
        var selectionPlan: Plan?

        init(
            responseKey: String, storageKey: String, type: GraphQLOutputType,
            leafType: (any GraphQLOutputValue.Type)?, isImplicitTypename: Bool
        ) {
            self.responseKey = responseKey
            self.storageKey = storageKey
            self.type = type
            self.leafType = leafType
            self.isImplicitTypename = isImplicitTypename
            if case .object(let selectionSet) = type.namedType {
                self.selectionSet = selectionSet
            } else {
                selectionSet = nil
            }
        }
    }

    /// A fragment, type case or deferred part read from the same record, with its plan.
    private final class SpreadStep {
        let selectionSet: GraphQLSelectionTree
        let plan: Plan

        init(selectionSet: GraphQLSelectionTree, plan: Plan) {
            self.selectionSet = selectionSet
            self.plan = plan
        }
    }

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
    /// How fields past their time to live read: a miss (strict), or served and noted in ``staleFields``.
    var freshness = CacheFreshness.strict
    /// The fields a permissive read served after they expired, in the order met.
    private(set) var staleFields: [CacheStaleField] = []
    /// The earliest expiry of the fields read that are still fresh.
    private(set) var nextExpiry: Date?

    /// Every field the read depended on, when tracked.
    private(set) var dependencies: Set<CacheFieldID> = []
    private var loaded: [CacheKey: Record] = [:]
    private var plans: [ObjectIdentifier: Plan] = [:]
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
        return try decode(selections, as: type, object, key: key)
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
        guard !misses.isEmpty else { return (try decode(selections, as: type, object, key: key), []) }
        // The repaired data differs from what was checked while it was built.
        builtDataPassedChecks = false
        let errors = CachePartialRead<Selection>(value: nil, misses: misses).errors
        let repaired = GraphQLNullPropagation.repair(
            GraphQLResponseBody(data: object, errors: errors, extensions: JSONObject()), as: selections,
            variables: variables)
        guard let data = repaired.data else { return (nil, misses) }
        return (try decode(selections, as: type, data, key: key), misses)
    }

    /// The `code` extension of the errors that stand for a partial read's misses.
    static let missErrorCode = "CACHE_MISS"

    private func decode<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree, as type: Selection.Type, _ object: JSONObject, key: CacheKey
    ) throws(CacheError) -> Selection {
        if checksWhileBuilding, builtDataPassedChecks, let checkedType = type as? any GraphQLDataSelectionSet.Type,
            let value = checkedType.init(__object: GraphQLCheckedObject(data: object, variables: variables))
                as? Selection
        {
            return value
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
        try collect(plan, of: type, record: record, into: &object, mayRepeatKeys: !plan.isFlat)
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

    /// Adds the fields of `plan` read from `record` to `object`; `mayRepeatKeys` when `object` may already hold one of
    /// its response keys (from another selection of the same object), which then merge.
    private mutating func collect(
        _ plan: Plan,
        of type: GraphQLSelectionTree,
        record: Record,
        into object: inout JSONObject,
        mayRepeatKeys: Bool
    ) throws(CacheError) {
        for step in plan.steps {
            switch step {
            case .field(let field):
                let storageKey = field.storageKey
                if tracksDependencies { dependencies.insert(CacheFieldID(key: record.key, field: storageKey)) }
                path.append(.field(field.responseKey))
                defer { path.removeLast() }
                let json: JSONValue
                do throws(CacheError) {
                    guard let value = record.fields[storageKey] else {
                        // Servers and recorded responses may leave `__typename` out; so does the rebuilt data.
                        if storageKey == "__typename" {
                            // The whole-tree check lets only the type name generated code adds go missing.
                            if !field.isImplicitTypename { builtDataPassedChecks = false }
                            continue
                        }
                        throw CacheError(.missingField, key: record.key, field: storageKey, path: ResponsePath(path))
                    }
                    if !record.expirations.isEmpty, let expiry = record.expirations[storageKey] {
                        try checkFreshness(of: storageKey, in: record, expiry: expiry)
                    }
                    json = try data(
                        value, type: field.type, of: field,
                        checksValues: field.leafType == nil && !field.isImplicitTypename)
                    if let leafType = field.leafType, builtDataPassedChecks {
                        check(json, type: field.type, leafType: leafType)
                    }
                } catch  where collectsMisses && error.isMiss {
                    misses.append(error)
                    json = .null
                }
                guard mayRepeatKeys, let position = object.position(of: field.responseKey) else {
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
                guard applies(fragment.selectionSet, as: .fragment, to: record, within: type.parentType) else {
                    continue
                }
                try collect(
                    fragment.plan, of: fragment.selectionSet, record: record, into: &object, mayRepeatKeys: true)
            case .typeCase(let typeCase):
                metTypeCase = true
                guard applies(typeCase.selectionSet, as: .typeCase, to: record, within: type.parentType) else {
                    continue
                }
                try collect(
                    typeCase.plan, of: typeCase.selectionSet, record: record, into: &object, mayRepeatKeys: true)
            case .deferred(let part):
                guard applies(part.selectionSet, as: .deferred(label: nil), to: record, within: type.parentType) else {
                    continue
                }
                // Whether a deferred part has arrived is the whole-tree check's to decide.
                builtDataPassedChecks = false
                // A deferred part the cache does not hold in full is left pending, as it would be on the wire.
                var attempt = object
                do throws(CacheError) {
                    try collect(part.plan, of: part.selectionSet, record: record, into: &attempt, mayRepeatKeys: true)
                    object = attempt
                } catch  where error.isMiss {
                    continue
                }
            }
        }
    }

    /// The plan of a selection set, worked out on first use in this read (fragments and type cases are planned with
    /// it; fields of object types when first read).
    private mutating func plan(for type: GraphQLSelectionTree) -> Plan {
        let id = type.id
        if let plan = plans[id] { return plan }
        var steps: [Step] = []
        appendSteps(of: type, to: &steps)
        var responseKeys: Set<String> = []
        var isFlat = true
        var capacity = 0
        for step in steps {
            switch step {
            case .field(let field):
                capacity += 1
                if !responseKeys.insert(field.responseKey).inserted { isFlat = false }
            case .fragment(let spread), .typeCase(let spread), .deferred(let spread):
                capacity += spread.plan.capacity
                isFlat = false
            }
        }
        let plan = Plan(steps: steps, isFlat: isFlat, capacity: capacity)
        plans[id] = plan
        return plan
    }

    private mutating func appendSteps(of type: GraphQLSelectionTree, to steps: inout [Step]) {
        var planner = StepPlanner(typePolicies: typePolicies, variables: variables)
        GraphQLSelectionWalker(variables: variables).walk(type, visitor: &planner)
        for pending in planner.steps {
            switch pending {
            case .field(let field): steps.append(.field(field))
            case .spread(let tree, .fragment):
                steps.append(.fragment(SpreadStep(selectionSet: tree, plan: plan(for: tree))))
            case .spread(let tree, .typeCase):
                steps.append(.typeCase(SpreadStep(selectionSet: tree, plan: plan(for: tree))))
            case .spread(let tree, .deferred):
                steps.append(.deferred(SpreadStep(selectionSet: tree, plan: plan(for: tree))))
            }
        }
    }

    /// The steps of a selection set's plan, in order, before the plans of its fragments are worked out: every
    /// fragment, type case and deferred part is kept, whatever type a record turns out to have, and decided per
    /// record as it is read.
    private struct StepPlanner: GraphQLSelectionVisitor {
        typealias Failure = Never

        enum Pending {
            case field(FieldStep)
            case spread(GraphQLSelectionTree, GraphQLSpreadKind)
        }

        let typePolicies: GraphQLTypePolicies
        let variables: JSONObject
        var steps: [Pending] = []

        var typename: String? { nil }

        mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) {
            let policy = typePolicies.fieldPolicy(for: parent.name, field: field.name)
            steps.append(
                .field(
                    FieldStep(
                        responseKey: field.responseKey,
                        storageKey: field.storageKey(variables: variables, policy: policy),
                        type: field.type, leafType: field.leafType, isImplicitTypename: field.isImplicitTypename)))
        }

        mutating func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) -> Bool {
            steps.append(.spread(tree, kind))
            return false
        }

        func typeCaseApplies(_ tree: GraphQLSelectionTree, within parent: GraphQLParentType) -> Bool { true }
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

    /// Loads every record the read will follow from the root record, level by level through the plans: one
    /// ``loadMany`` per level of the query rather than one load per record. Records that are missing are left for
    /// ``record(_:)`` to report with their path.
    private mutating func prefetchTree(
        from root: Record, plan: Plan, of type: GraphQLSelectionTree
    ) throws(CacheError) {
        // Each level is one step deeper in the query's selections, so the walk ends where the query does; an object met
        // on several paths is walked on each, as the read itself will walk it, and loaded once.
        var level = [Planned(record: root, plan: plan, type: type)]
        while !level.isEmpty {
            var wanted: [PlannedReference] = []
            for planned in level {
                references(in: planned.record, plan: planned.plan, of: planned.type, into: &wanted)
            }
            var keys: Set<CacheKey> = []
            for reference in wanted where loaded[reference.key] == nil { keys.insert(reference.key) }
            if !keys.isEmpty {
                let found = try loadMany(keys)
                if loaded.isEmpty {
                    loaded = found
                } else {
                    loaded.reserveCapacity(loaded.count + found.count)
                    for (key, record) in found { loaded[key] = record }
                }
            }
            level = []
            level.reserveCapacity(wanted.count)
            for reference in wanted {
                guard let record = loaded[reference.key] else { continue }
                level.append(Planned(record: record, plan: reference.plan, type: reference.type))
            }
        }
    }

    /// A loaded record and the plan it will be read with.
    private struct Planned {
        let record: Record
        let plan: Plan
        let type: GraphQLSelectionTree
    }

    /// A record the read will follow, and the plan it will be read with.
    private struct PlannedReference {
        let key: CacheKey
        let plan: Plan
        let type: GraphQLSelectionTree
    }

    /// The references the plan follows from `record`, with the plans they will be read with.
    private mutating func references(
        in record: Record, plan: Plan, of type: GraphQLSelectionTree,
        into wanted: inout [PlannedReference]
    ) {
        for step in plan.steps {
            switch step {
            case .field(let field):
                guard let selectionSet = field.selectionSet, let value = record.fields[field.storageKey] else {
                    continue
                }
                let fieldPlan = selectionPlan(of: field, selectionSet)
                Self.forEachReference(in: value) { key in
                    wanted.append(PlannedReference(key: key, plan: fieldPlan, type: selectionSet))
                }
            case .fragment(let spread), .typeCase(let spread), .deferred(let spread):
                guard Self.applies(spread.selectionSet, as: step.spreadKind, to: record, within: type.parentType) else {
                    continue
                }
                references(in: record, plan: spread.plan, of: spread.selectionSet, into: &wanted)
            }
        }
    }

    private static func forEachReference(in value: RecordValue, _ body: (CacheKey) -> Void) {
        switch value {
        case .value: break
        case .reference(let key): body(key)
        case .list(let elements): for element in elements { forEachReference(in: element, body) }
        }
    }

    /// The plan of an object field's selection set, kept on the field once worked out.
    private mutating func selectionPlan(of field: FieldStep, _ selectionSet: GraphQLSelectionTree) -> Plan {
        if let plan = field.selectionPlan { return plan }
        let plan = plan(for: selectionSet)
        field.selectionPlan = plan
        return plan
    }

    /// Whether a fragment, type case or deferred part applies to a record, by its stored `__typename` and the rule
    /// every walk applies (`GraphQLSelectionTree.applies`).
    private mutating func applies(
        _ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind, to record: Record, within parent: GraphQLParentType
    ) -> Bool {
        if tracksDependencies { dependencies.insert(CacheFieldID(key: record.key, field: "__typename")) }
        return Self.applies(tree, as: kind, to: record, within: parent)
    }

    private static func applies(
        _ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind, to record: Record, within parent: GraphQLParentType
    ) -> Bool {
        var typename: String?
        if case .value(.string(let stored))? = record.fields["__typename"] { typename = stored }
        return tree.applies(toTypename: typename, as: kind, within: parent)
    }

    /// Clears ``builtDataPassedChecks`` unless `json` passes the decode's check as a value of `type`.
    private mutating func check(
        _ json: JSONValue, type: GraphQLOutputType, leafType: (any GraphQLOutputValue.Type)?
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
