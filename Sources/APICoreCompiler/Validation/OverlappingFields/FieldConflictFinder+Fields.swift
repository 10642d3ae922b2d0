extension FieldConflictFinder {
    /// The conflict between two fields with the same response name, if any.
    func conflict(
        _ responseName: String, _ first: CollectedField, _ second: CollectedField, parentsAreMutuallyExclusive: Bool
    ) -> FieldConflict? {
        // Fields on two different object types never apply together: they may differ in name and arguments, but
        // their shapes must still agree.
        var mutuallyExclusive = parentsAreMutuallyExclusive
        if !mutuallyExclusive, case .object(let firstParent)? = first.parentType,
            case .object(let secondParent)? = second.parentType
        {
            mutuallyExclusive = firstParent !== secondParent
        }
        let (field1, field2) = (first.field, second.field)
        func conflict(_ reason: String) -> FieldConflict {
            FieldConflict(
                responseName: responseName, reason: .message(reason), fields1: [field1.location],
                fields2: [field2.location])
        }
        if !mutuallyExclusive {
            if field1.name.value != field2.name.value {
                return conflict("\"\(field1.name.value)\" and \"\(field2.name.value)\" are different fields")
            }
            if !Self.sameArguments(field1.arguments, field2.arguments) {
                return conflict("they have differing arguments")
            }
        }
        // A streamed field merges with no other (incremental-delivery proposal).
        let stream1 = field1.directives.first { $0.name.value == "stream" }
        let stream2 = field2.directives.first { $0.name.value == "stream" }
        if stream1 != nil || stream2 != nil {
            var reason = "they have overlapping stream directives"
            if let stream1, let stream2, Self.sameArguments(stream1.arguments, stream2.arguments) {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return conflict(reason)
        }
        let type1 = first.definition?.type
        let type2 = second.definition?.type
        if let type1, let type2, typesConflict(type1, type2) {
            return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
        }
        guard let selectionSet1 = field1.selectionSet, let selectionSet2 = field2.selectionSet else { return nil }
        let subconflicts = conflictsBetween(
            selectionSet1, parentType: type1.flatMap { context.namedType(of: $0) }, documentIndex: first.documentIndex,
            and: selectionSet2, parentType: type2.flatMap { context.namedType(of: $0) },
            documentIndex: second.documentIndex, mutuallyExclusive: mutuallyExclusive)
        guard !subconflicts.isEmpty else { return nil }
        return FieldConflict(
            responseName: responseName, reason: .subfields(subconflicts),
            fields1: [field1.location] + subconflicts.flatMap(\.fields1),
            fields2: [field2.location] + subconflicts.flatMap(\.fields2))
    }

    /// The conflicts between the sub-selections of two fields with the same response name.
    private func conflictsBetween(
        _ selectionSet1: SelectionSet, parentType parentType1: SchemaType?, documentIndex documentIndex1: Int,
        and selectionSet2: SelectionSet, parentType parentType2: SchemaType?, documentIndex documentIndex2: Int,
        mutuallyExclusive: Bool
    ) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let fields1 = fields(of: selectionSet1, parentType: parentType1, documentIndex: documentIndex1)
        let fields2 = fields(of: selectionSet2, parentType: parentType2, documentIndex: documentIndex2)
        collectConflicts(&conflicts, between: fields1, and: fields2, mutuallyExclusive: mutuallyExclusive)
        for name in fields2.fragmentNames {
            var visited: Set<String> = []
            collectConflicts(
                &conflicts, between: fields1, andFragment: name, mutuallyExclusive: mutuallyExclusive,
                visited: &visited)
        }
        for name in fields1.fragmentNames {
            var visited: Set<String> = []
            collectConflicts(
                &conflicts, between: fields2, andFragment: name, mutuallyExclusive: mutuallyExclusive,
                visited: &visited)
        }
        for name1 in fields1.fragmentNames {
            for name2 in fields2.fragmentNames {
                collectConflicts(&conflicts, betweenFragments: name1, name2, mutuallyExclusive: mutuallyExclusive)
            }
        }
        return conflicts
    }

    /// Whether two types differ in shape: list against non-list, non-null against nullable, or different leaf types.
    private func typesConflict(_ type1: TypeReference, _ type2: TypeReference) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1, _), .list(let inner2, _)), (.nonNull(let inner1, _), .nonNull(let inner2, _)):
            return typesConflict(inner1, inner2)
        case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull):
            return true
        case (.named(let name1), .named(let name2)):
            let isLeaf1 = context.type(named: name1.value)?.isLeaf ?? false
            let isLeaf2 = context.type(named: name2.value)?.isLeaf ?? false
            return (isLeaf1 || isLeaf2) && name1.value != name2.value
        }
    }

    /// Whether two argument lists give the same values to the same names, in any order.
    static func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        guard arguments1.count == arguments2.count else { return false }
        return arguments1.allSatisfy { argument in
            guard let other = arguments2.first(where: { $0.name.value == argument.name.value }) else { return false }
            return sameValue(argument.value, other.value)
        }
    }

    /// Whether two values are the same literal, input object fields in any order.
    private static func sameValue(_ value1: Value, _ value2: Value) -> Bool {
        switch (value1.kind, value2.kind) {
        case (.list(let items1), .list(let items2)):
            return items1.count == items2.count && zip(items1, items2).allSatisfy { sameValue($0, $1) }
        case (.object(let fields1), .object(let fields2)):
            return sameArguments(fields1, fields2)
        default:
            return value1.kind == value2.kind
        }
    }
}
