extension FieldConflictFinder {
    /// The conflict between two fields with the same response name, if any.
    func conflict(
        _ responseName: String, _ first: CollectedField, _ second: CollectedField, parentsAreMutuallyExclusive: Bool
    ) -> FieldConflict? {
        first.resolve(context)
        second.resolve(context)
        // Fields on two different object types never apply together: they may differ in name and arguments, but
        // their shapes must still agree.
        var mutuallyExclusive = parentsAreMutuallyExclusive
        if !mutuallyExclusive, let firstParent = first.parentObject, let secondParent = second.parentObject {
            mutuallyExclusive = firstParent != secondParent
        }
        func conflict(_ reason: String) -> FieldConflict {
            FieldConflict(
                responseName: responseName, reason: .message(reason), fields1: [first.field.location],
                fields2: [second.field.location])
        }
        if !mutuallyExclusive {
            let (name1, name2) = (first.field.name.value, second.field.name.value)
            if name1 != name2 {
                return conflict("\"\(name1)\" and \"\(name2)\" are different fields")
            }
            if !Self.sameArguments(first.field.arguments, second.field.arguments) {
                return conflict("they have differing arguments")
            }
        }
        // A streamed field merges with no other (incremental-delivery proposal).
        if first.stream != nil || second.stream != nil {
            var reason = "they have overlapping stream directives"
            if let stream1 = first.stream, let stream2 = second.stream,
                Self.sameArguments(stream1.arguments, stream2.arguments)
            {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return conflict(reason)
        }
        if let type1 = first.type, let type2 = second.type,
            Self.typesConflict(
                type1, type2, eitherIsLeaf: first.namedType?.isLeaf == true || second.namedType?.isLeaf == true)
        {
            return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
        }
        guard let selectionSet1 = first.field.selectionSet, let selectionSet2 = second.field.selectionSet else {
            return nil
        }
        let subconflicts = conflictsBetween(
            selectionSet1, parentType: first.namedType, documentIndex: first.documentIndex,
            and: selectionSet2, parentType: second.namedType, documentIndex: second.documentIndex,
            mutuallyExclusive: mutuallyExclusive)
        guard !subconflicts.isEmpty else { return nil }
        return FieldConflict(
            responseName: responseName, reason: .subfields(subconflicts),
            fields1: [first.field.location] + subconflicts.flatMap(\.fields1),
            fields2: [second.field.location] + subconflicts.flatMap(\.fields2))
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

    /// Whether two types differ in shape: list against non-list, non-null against nullable, or different named types
    /// when either is a leaf type.
    private static func typesConflict(_ type1: TypeReference, _ type2: TypeReference, eitherIsLeaf: Bool) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1, _), .list(let inner2, _)), (.nonNull(let inner1, _), .nonNull(let inner2, _)):
            return typesConflict(inner1, inner2, eitherIsLeaf: eitherIsLeaf)
        case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull):
            return true
        case (.named(let name1), .named(let name2)):
            return eitherIsLeaf && name1.value != name2.value
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
