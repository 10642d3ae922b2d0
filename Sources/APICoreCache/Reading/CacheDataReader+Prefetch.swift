import APICoreGraphQL

/// Batched loads: the records a read will follow, loaded a level of the query at a time.
extension CacheDataReader {
    /// Loads every record the read will follow from the root record, level by level through the plans: one
    /// ``loadMany`` per level of the query rather than one load per record. Records that are missing are left for
    /// ``record(_:)`` to report with their path.
    mutating func prefetchTree(
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
    struct Planned {
        let record: Record
        let plan: Plan
        let type: GraphQLSelectionTree
    }

    /// A record the read will follow, and the plan it will be read with.
    struct PlannedReference {
        let key: CacheKey
        let plan: Plan
        let type: GraphQLSelectionTree
    }

    /// The references the plan follows from `record`, with the plans they will be read with.
    mutating func references(
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
            case .fragment(let spread):
                references(in: record, plan: spread.plan, of: spread.selectionSet, into: &wanted)
            case .typeCase(let spread):
                guard Self.applies(spread.selectionSet, as: .typeCase, to: record, within: type.parentType) else {
                    continue
                }
                references(in: record, plan: spread.plan, of: spread.selectionSet, into: &wanted)
            case .deferred(let spread):
                guard Self.applies(spread.selectionSet, as: .deferred(label: nil), to: record, within: type.parentType)
                else { continue }
                references(in: record, plan: spread.plan, of: spread.selectionSet, into: &wanted)
            }
        }
    }

    static func forEachReference(in value: RecordValue, _ body: (CacheKey) -> Void) {
        switch value {
        case .value, .error: break
        case .reference(let key): body(key)
        case .list(let elements): for element in elements { forEachReference(in: element, body) }
        }
    }
}
