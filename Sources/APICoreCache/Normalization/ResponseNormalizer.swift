import APICoreGraphQL
import APICoreJSON
import Foundation

/// Turns response data into records while it is decoded: the `GraphQLDecodingObserver` the store attaches to a
/// decode, so typed data and normalized records come out of one walk over the JSON.
///
/// For each object the decoder enters, the normalizer takes the fields its selection set selects (field names and
/// arguments from its `GraphQLSelectionTree`), stores leaves as values and nested objects as
/// references to their own records. A fragment spread or type case enters the same object again with its own
/// selections, which merge into the same record.
///
/// Decoders walk the data depth first, so the normalizer keeps no table of paths: it keeps the objects from the root
/// to the one being read as a stack of frames, each with its record still being filled. An object's parent is the
/// frame at the depth of the path's last field step; its key is the reference the parent already computed for it
/// (from the resolver, or `Parent.field(args).3` for an object without an identity). A frame at the same depth with
/// the same last steps is the same object entered again for a fragment. A frame's record joins ``records`` when the
/// walk leaves it, so an object entered several times is merged once.
///
/// The store runs it itself in `CacheStore/decode(_:from:variables:rootKey:maxAge:)`; code that runs the decode
/// elsewhere (a streaming transport) gets one from ``CacheStore/normalizer(rootKey:variables:maxAge:)`` and publishes
/// its ``records`` once the decode succeeded.
public final class ResponseNormalizer: GraphQLDecodingObserver {
    /// One selected field, resolved once per write.
    fileprivate final class FieldPlan {
        let responseKey: String
        let name: String
        /// The key the field's value is stored under (its policy's, when it has one).
        let storageKey: String
        /// The key that names the objects of the field that have no identity (`Parent.field(args).3`): all the
        /// arguments, so that the pages of a paginated field keep their objects apart.
        let pathKey: String
        let type: GraphQLOutputType
        /// Whether the field holds objects, which need keys; leaves need none.
        let holdsObjects: Bool
        /// How a new value joins the stored one, for a field whose policy merges; with the field's arguments.
        let merge: (kind: GraphQLFieldPolicy.Merge, arguments: JSONObject)?
        /// For a cache key the generator selects through a type condition: the condition, which the object's
        /// `__typename` must meet for the key to be stored.
        let typeCondition: GraphQLParentType?

        init(
            field: GraphQLField, policy: GraphQLFieldPolicy?, variables: JSONObject,
            typeCondition: GraphQLParentType? = nil
        ) {
            self.typeCondition = typeCondition
            responseKey = field.responseKey
            name = field.name
            storageKey = field.storageKey(variables: variables, policy: policy)
            pathKey = policy == nil ? storageKey : field.storageKey(variables: variables)
            type = field.type
            holdsObjects = field.type.isObject
            if let policy, policy.merge != .replace {
                merge = (policy.merge, field.resolvedArguments(with: variables))
            } else {
                merge = nil
            }
        }
    }

    /// The fields one selection set selects, and where each is stored in a record made from it alone.
    private final class PlanSet {
        let fields: [FieldPlan]
        /// The storage keys, each once, in the order first selected (aliases of one field share a key).
        let names: [String]
        /// For each field, the position of its storage key in `names`.
        let slots: [Int]

        init(fields: [FieldPlan]) {
            self.fields = fields
            var names: [String] = []
            var slots: [Int] = []
            slots.reserveCapacity(fields.count)
            for field in fields {
                if let position = names.firstIndex(of: field.storageKey) {
                    slots.append(position)
                } else {
                    slots.append(names.count)
                    names.append(field.storageKey)
                }
            }
            self.names = names
            self.slots = slots
        }
    }

    /// The names of a record whose fields came from `base` and then from the selection set `set`, shared by every
    /// record that took that path (an object and its fragment spreads), with the positions of `set`'s fields in them.
    private struct NameLayout {
        /// The shared array the layout extends; held so that its storage, which identifies it, stays unique.
        let base: [String]
        let baseStorage: UnsafeRawPointer?
        let set: PlanSet
        let names: [String]
        let slots: [Int]
    }

    /// An object on the way from the root to the one being read, with its record so far.
    private struct Frame {
        /// The number of steps of its response path.
        let depth: Int
        /// Its path's last field step (`nil` for the root) and the list indexes after it, which tell it from a
        /// sibling at the same depth.
        let field: String?
        let indexes: [Int]
        let key: CacheKey
        /// Its fields so far: storage keys, each once, and their values (a field selected again takes the last value).
        /// The names are a layout's, shared with every record made from the same selection sets, while
        /// `hasSharedNames` holds; the record adopts both arrays when the walk leaves the object.
        var names: [String] = []
        var values: [RecordValue] = []
        var hasSharedNames = true
        var expirations: [(storageKey: String, date: Date)] = []
        /// The values of its fields that hold objects, by response key: where its children find their keys.
        var childValues: [(responseKey: String, value: RecordValue)] = []
        /// Its response path, kept only when the response reports field errors (``Walk/errored``).
        var path: [ResponsePath.Component] = []

        /// The key of the child at `field` and `indexes` below an object whose fields holding objects are
        /// `childValues`, from the reference computed for it. Static, so that the walk passes one array of a frame
        /// rather than the frame, which a call on it would copy whole.
        fileprivate static func childKey(
            in childValues: [(responseKey: String, value: RecordValue)], field: String?, indexes: [Int]
        ) -> CacheKey? {
            guard let field, var value = childValues.first(where: { $0.responseKey == field })?.value else {
                return nil
            }
            for index in indexes {
                guard case .list(let elements) = value, elements.indices.contains(index) else { return nil }
                value = elements[index]
            }
            guard case .reference(let key) = value else { return nil }
            return key
        }
    }

    /// The walk's state, in one stored property: each call from the decoder is one access to it.
    // Safety: the walk skips the runtime's exclusivity checks (two per object entered). Each call from the decoder
    // mutates it once, on the one thread a decode calls its observer on, and the only code outside the normalizer
    // that runs meanwhile is the key resolver's function. That function is `@Sendable` and the normalizer is not
    // `Sendable`, so it cannot capture the normalizer to read it mid-write (short of smuggling it through an unsafe
    // box): the normalizer must stay non-`Sendable` for this to hold.
    @exclusivity(unchecked) private var walk: Walk

    /// A normalizer of data whose response reported `fieldErrors`: a `null` at an error's path, or at a path above
    /// it (where a non-null field's `null` went up to), is stored as that error (``RecordValue/error(_:)``), not as a
    /// value.
    init(
        rootKey: CacheKey,
        variables: JSONObject,
        resolver: CacheKeyResolver,
        expiry: CacheExpiryPolicy,
        maxAge: Duration?,
        now: Date,
        fieldErrors: [GraphQLError] = []
    ) {
        walk = Walk(
            rootKey: rootKey, variables: variables, resolver: resolver, expiry: expiry, maxAge: maxAge, now: now)
        for error in fieldErrors {
            guard let path = error.path, !path.components.isEmpty else { continue }
            // Stored without the path and locations of the operation that met it: a read reports it at its own.
            let stored = GraphQLError(message: error.message, extensions: error.extensions)
            for prefix in path.prefixes where walk.errored[prefix] == nil {
                walk.errored[prefix] = stored
            }
        }
    }

    /// The records written so far.
    public var records: RecordSet {
        var records = walk.finished
        addOpenRecords(to: &records)
        return records
    }

    /// The records written, moved out of the normalizer rather than copied, which leaves it empty: for the decode that
    /// made it, once the decode is done.
    func takeRecords() -> RecordSet {
        var records = RecordSet()
        swap(&records, &walk.finished)
        addOpenRecords(to: &records)
        walk.frames.removeAll()
        walk.fieldMerges.removeAll()
        return records
    }

    /// Adds the records of the objects still open, and the field merges, to the finished ones.
    private func addOpenRecords(to records: inout RecordSet) {
        for frame in walk.frames {
            records.add(
                key: frame.key, names: frame.names, values: frame.values, expirations: frame.expirations,
                writtenAt: walk.now)
        }
        records.fieldMerges = walk.fieldMerges
    }

    /// Adds the record of an object the decoder entered: its key (the root's, or the one its parent computed), its
    /// selected fields as values or references, and their expiry dates.
    public func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, at path: ResponsePath) {
        walk.enter(object, as: selectionSet, at: path.components)
    }

    /// The same, reading the path from the decode's context without building it.
    public func didEnter(
        object: JSONObject, as selectionSet: GraphQLSelectionTree, in context: GraphQLDecodingContext
    ) {
        walk.enter(object, as: selectionSet, at: context.currentPathComponents)
    }

    /// The configuration and the state of the walk, and what it does for each object entered.
    private struct Walk {
        let rootKey: CacheKey
        let variables: JSONObject
        let resolver: CacheKeyResolver
        let expiry: CacheExpiryPolicy
        let maxAge: Duration?
        let now: Date
        /// The field errors of the response by path, and by every path above them: where a `null` is an error.
        var errored: [ResponsePath: GraphQLError] = [:]
        /// Whether any field may get an expiry: from the response's max-age, the store's policy or the schema's
        /// `@cacheControl`. Without one, writes skip the per-field work.
        lazy var expires = maxAge != nil || expiry.hasRules || !resolver.typePolicies.maxAges.isEmpty

        /// The records of the objects the walk has left.
        var finished = RecordSet()
        /// The fields whose policy merges their new value with the stored one, in the order met.
        var fieldMerges: [CacheFieldMerge] = []
        /// The objects from the root to the one being read.
        var frames: [Frame] = []
        /// The fields of each selection set, with storage keys resolved once per write.
        var plans: [(id: ObjectIdentifier, set: PlanSet)] = []
        /// The names of records made from several selection sets, shared across records; at most `maxLayouts`.
        var layouts: [NameLayout] = []
        static let maxLayouts = 64

        mutating func enter(
            _ object: JSONObject, as selectionSet: GraphQLSelectionTree, at path: [ResponsePath.Component]
        ) {
            let depth = path.count
            let lastField = path.lastIndex { if case .field = $0 { true } else { false } }
            let field = lastField.map { path[$0].fieldName }
            let indexes = lastField.map { path[($0 + 1)...].map(\.listIndex) } ?? path.map(\.listIndex)
            leaveFrames(deeperThan: depth)
            // The frames are read in place: a copy of one would retain each of its arrays.
            let top = frames.count - 1
            if top >= 0, frames[top].depth == depth {
                if frames[top].field == field, frames[top].indexes == indexes {
                    addFields(of: object, as: selectionSet, toFrameAt: top)
                    return
                }
                leaveFrames(deeperThan: depth - 1)  // a sibling the walk has left
            }
            let key: CacheKey
            if depth == 0 {
                key = rootKey
            } else {
                let parentDepth = lastField ?? -1
                leaveFrames(deeperThan: parentDepth)
                let parent = frames.count - 1
                key =
                    (parent >= 0 && frames[parent].depth == parentDepth
                        ? Frame.childKey(in: frames[parent].childValues, field: field, indexes: indexes) : nil)
                    ?? resolver.key(for: object, staticTypename: selectionSet.concreteTypename)
                    ?? rootKey
            }
            // Made in the array, not in a variable that appending would copy.
            frames.append(Frame(depth: depth, field: field, indexes: indexes, key: key))
            if !errored.isEmpty { frames[frames.count - 1].path = path }
            addFields(of: object, as: selectionSet, toFrameAt: frames.count - 1)
        }

        /// Moves the records of the frames deeper than `depth` to ``finished``.
        mutating func leaveFrames(deeperThan depth: Int) {
            while !frames.isEmpty, frames[frames.count - 1].depth > depth {
                let frame = frames.removeLast()
                finished.add(
                    key: frame.key, names: frame.names, values: frame.values, expirations: frame.expirations,
                    writtenAt: now)
            }
        }

        /// Adds the fields `selectionSet` selects from `object` to a frame's record.
        mutating func addFields(
            of object: JSONObject, as selectionSet: GraphQLSelectionTree, toFrameAt index: Int
        ) {
            let planSet = planSet(for: selectionSet)
            let key = frames[index].key
            let typename =
                expires
                ? object["__typename"]?.stringValue ?? selectionSet.concreteTypename
                : nil
            // Taken out of the frame while they grow, so that appending does not copy them.
            var names = frames[index].names
            var values = frames[index].values
            frames[index].names = []
            frames[index].values = []
            // While every field is present the record's names are the shared layout's; a missing field whose name the
            // layout adds leaves the record names of its own, found by search.
            let layout = frames[index].hasSharedNames ? self.layout(adding: planSet, to: names) : nil
            if let layout { names = layout.names }
            var sharesLayout = layout != nil
            values.reserveCapacity(names.count)
            // Where the next field is looked for first: responses list an object's fields in the order selected.
            var expectedMember = 0
            for (position, plan) in planSet.fields.enumerated() {
                // A key selected through a type condition counts only for the objects the condition holds for.
                if let condition = plan.typeCondition,
                    !(object["__typename"]?.stringValue.map(condition.includes) ?? false)
                {
                    if sharesLayout, let layout, layout.slots[position] >= values.count {
                        names.removeSubrange(values.count...)
                        sharesLayout = false
                    }
                    continue
                }
                guard let member = object.position(of: plan.responseKey, expectedAt: expectedMember) else {
                    if sharesLayout, let layout, layout.slots[position] >= values.count {
                        names.removeSubrange(values.count...)
                        sharesLayout = false
                    }
                    continue
                }
                expectedMember = member + 1
                let json = object.values[member]
                let fieldValue: RecordValue
                let fieldPath = errored.isEmpty ? nil : frames[index].path + [.field(plan.responseKey)]
                if let fieldPath, case .null = json, let error = errored[ResponsePath(fieldPath)] {
                    fieldValue = .error(error)
                } else if plan.holdsObjects {
                    var indexes: [Int] = []
                    fieldValue = value(
                        json, type: plan.type, key: key, plan: plan, indexes: &indexes, fieldPath: fieldPath)
                    frames[index].childValues.append((plan.responseKey, fieldValue))
                    if let merge = plan.merge {
                        fieldMerges.append(
                            CacheFieldMerge(
                                field: CacheFieldID(key: key, field: plan.storageKey), merge: merge.kind,
                                arguments: merge.arguments))
                    }
                } else {
                    fieldValue = .value(json)
                }
                let slot: Int
                if sharesLayout, let layout {
                    slot = layout.slots[position]
                } else if let found = names.firstIndex(of: plan.storageKey) {
                    slot = found
                } else {
                    slot = names.count
                    names.append(plan.storageKey)
                }
                if slot < values.count { values[slot] = fieldValue } else { values.append(fieldValue) }
                if let typename,
                    let timeToLive = expiry.timeToLive(
                        typename: typename, field: plan.name, maxAge: maxAge, schema: resolver.typePolicies)
                {
                    frames[index].expirations.append((plan.storageKey, now.adding(timeToLive)))
                }
            }
            frames[index].hasSharedNames = sharesLayout
            frames[index].names = names
            frames[index].values = values
        }

        /// The names of a record that has `names` (a shared layout's) once `set`'s fields join them, and the position
        /// of each of its fields: the set's own for a new record, else one worked out once per pair and remembered.
        mutating func layout(adding set: PlanSet, to names: [String]) -> (names: [String], slots: [Int]) {
            if names.isEmpty { return (set.names, set.slots) }
            let storage = names.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if let known = layouts.first(where: { $0.set === set && $0.baseStorage == storage }) {
                return (known.names, known.slots)
            }
            var combined = names
            var positions: [Int] = []
            positions.reserveCapacity(set.names.count)
            for name in set.names {
                if let position = combined.firstIndex(of: name) {
                    positions.append(position)
                } else {
                    positions.append(combined.count)
                    combined.append(name)
                }
            }
            let slots = set.slots.map { positions[$0] }
            if layouts.count < Self.maxLayouts {
                layouts.append(NameLayout(base: names, baseStorage: storage, set: set, names: combined, slots: slots))
            }
            return (combined, slots)
        }

        /// The record value of a field of the record `key`: leaves as values, objects as references to their keys (the
        /// resolver's, else `key.field(args).index...`).
        mutating func value(
            _ json: JSONValue, type: GraphQLOutputType, key: CacheKey, plan: FieldPlan, indexes: inout [Int],
            fieldPath: [ResponsePath.Component]?
        ) -> RecordValue {
            if case .null = json {
                // An element of a list the response reports an error for.
                if let fieldPath, !indexes.isEmpty,
                    let error = errored[ResponsePath(fieldPath + indexes.map { .index($0) })]
                {
                    return .error(error)
                }
                return .null
            }
            switch type {
            case .nonNull(let inner):
                return value(json, type: inner, key: key, plan: plan, indexes: &indexes, fieldPath: fieldPath)
            case .scalar:
                return .value(json)
            case .list(let element):
                guard case .array(let elements) = json else { return .value(json) }
                var values: [RecordValue] = []
                values.reserveCapacity(elements.count)
                indexes.append(0)
                for (index, item) in elements.enumerated() {
                    indexes[indexes.count - 1] = index
                    values.append(
                        value(item, type: element, key: key, plan: plan, indexes: &indexes, fieldPath: fieldPath))
                }
                indexes.removeLast()
                return .list(values)
            case .object(let selectionSet):
                guard case .object(let object) = json else { return .value(json) }
                let staticTypename = selectionSet.concreteTypename
                if let resolved = resolver.key(for: object, staticTypename: staticTypename) {
                    return .reference(resolved)
                }
                return .reference(key.appending(field: plan.pathKey, indexes: indexes))
            }
        }

        mutating func planSet(for selectionSet: GraphQLSelectionTree) -> PlanSet {
            let id = selectionSet.id
            // An operation has a few dozen selection sets at most: a scan finds one faster than hashing its identifier.
            if let known = plans.first(where: { $0.id == id }) { return known.set }
            var collector = FieldCollector(policies: resolver.typePolicies, variables: variables)
            GraphQLSelectionWalker(variables: variables).walk(selectionSet, visitor: &collector)
            let fields = collector.fields
            let set = PlanSet(fields: fields)
            plans.append((id, set))
            return set
        }
    }
}

/// The fields one selection set selects from an object, each resolved once per write; the decoder enters the object
/// again for its fragments, type cases and deferred parts, with their own selections. The cache keys the generator
/// selects through a type condition are the exception: the decoder does not enter the object for them
/// (``GraphQLSelectionTree/selectsOnlyImplicitKeys``), so they are fields of this plan, under their condition.
private struct FieldCollector: GraphQLSelectionVisitor {
    typealias Failure = Never
    let policies: GraphQLTypePolicies
    let variables: JSONObject
    var fields: [ResponseNormalizer.FieldPlan] = []

    var typename: String? { nil }

    mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) {
        let policy = policies.fieldPolicy(for: parent.name, field: field.name)
        fields.append(ResponseNormalizer.FieldPlan(field: field, policy: policy, variables: variables))
    }

    mutating func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) -> Bool {
        guard case .typeCase = kind, tree.selectsOnlyImplicitKeys else { return false }
        for case .field(let field) in tree.selections where field.isImplicitKey {
            let policy = policies.fieldPolicy(for: tree.parentType.name, field: field.name)
            fields.append(
                ResponseNormalizer.FieldPlan(
                    field: field, policy: policy, variables: variables, typeCondition: tree.parentType))
        }
        return false
    }

    /// Every type case is planned: whether it applies is decided per object.
    func typeCaseApplies(_ tree: GraphQLSelectionTree, within parent: GraphQLParentType) -> Bool { true }
}

extension GraphQLOutputType {
    /// Whether values of the type are objects (or lists of them).
    var isObject: Bool {
        if case .object = namedType { return true }
        return false
    }
}

extension ResponsePath.Component {
    /// The response key of a field step; empty for an index.
    fileprivate var fieldName: String {
        if case .field(let name) = self { name } else { "" }
    }

    /// The index of a list step; -1 for a field.
    fileprivate var listIndex: Int {
        if case .index(let index) = self { index } else { -1 }
    }
}
