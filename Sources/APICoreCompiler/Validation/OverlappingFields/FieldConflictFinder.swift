/// OverlappingFieldsCanBeMerged (specification 5.3.2): fields with the same response name in a selection set,
/// fragments and inline fragments included, can be merged. When their parent types can overlap they must be the
/// same field with the same arguments; whatever the parents, their types must have the same shape; and their
/// sub-selections must merge in turn.
///
/// The walk calls ``check(_:parentType:documentIndex:)`` on every selection set. Collecting a selection set's fields
/// is cached per selection set, and each pair of fragments is compared once for the whole unit, so a large document
/// with many shared fragments stays fast.
final class FieldConflictFinder {
    unowned let context: ValidationContext
    private var collectedBySelectionSet: [SelectionSetKey: CollectedFields] = [:]
    /// The fields of fragments that declare variables, by spread key: each with the values of its spreads.
    private var collectedBySpread: [String: CollectedFields] = [:]
    /// The spread of each fragment key seen, to read the values it gives.
    private var spreadsByKey: [String: FragmentSpread] = [:]
    /// The keys of each fragment name with values: at most ``maximumKeysPerFragment``, so that a fragment that
    /// spreads itself with values that grow at each level (a cycle FragmentCycleRule reports after the walk) makes a
    /// bounded number of comparisons.
    private var keysByFragment: [String: [String]] = [:]
    private static let maximumKeysPerFragment = 16
    /// A document index of its own for each key with values: sets collected from a fragment with its values in
    /// place are cached apart from the same sets as written (``SelectionSetKey``).
    private var specializedIndexes: [String: Int] = [:]
    private var comparedFragmentPairs = FragmentPairSet()
    /// How many fragment comparisons are under way, one inside another. A fragment that spreads itself with growing
    /// values (`...F(n: [$n])`) has a new key at each level; FragmentCycleRule reports the cycle, and the comparison
    /// stops at ``maximumNesting``.
    private var nesting = 0
    private static let maximumNesting = 100

    init(context: ValidationContext) {
        self.context = context
    }

    /// Reports the conflicts within a selection set.
    func check(_ selectionSet: SelectionSet, parentType: SchemaType?, documentIndex: Int) {
        for conflict in conflictsWithin(selectionSet, parentType: parentType, documentIndex: documentIndex) {
            context.report("OverlappingFieldsCanBeMerged", conflict.message, at: conflict.fields1 + conflict.fields2)
        }
    }

    private func conflictsWithin(
        _ selectionSet: SelectionSet, parentType: SchemaType?, documentIndex: Int
    ) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let collected = fields(of: selectionSet, parentType: parentType, documentIndex: documentIndex)
        for (responseName, fields) in collected.groups where fields.count > 1 {
            for first in 0..<fields.count - 1 {
                for second in first + 1..<fields.count {
                    if let conflict = conflict(
                        responseName, fields[first], fields[second], parentsAreMutuallyExclusive: false)
                    {
                        conflicts.append(conflict)
                    }
                }
            }
        }
        let fragmentNames = collected.fragmentNames
        for (index, fragmentName) in fragmentNames.enumerated() {
            var visited: Set<String> = []
            collectConflicts(
                &conflicts, between: collected, andFragment: fragmentName, mutuallyExclusive: false, visited: &visited)
            for otherName in fragmentNames[(index + 1)...] {
                collectConflicts(&conflicts, betweenFragments: fragmentName, otherName, mutuallyExclusive: false)
            }
        }
        return conflicts
    }

    /// The fields of a selection set, collected once per selection set.
    func fields(of selectionSet: SelectionSet, parentType: SchemaType?, documentIndex: Int) -> CollectedFields {
        // Sets built in code have no location to identify them; they are collected every time.
        let isCacheable = selectionSet.location.line > 0
        let key = SelectionSetKey(documentIndex: documentIndex, offset: selectionSet.location.offset)
        if isCacheable, let cached = collectedBySelectionSet[key] { return cached }
        let collected = CollectedFields()
        collect(selectionSet, parentType: parentType, documentIndex: documentIndex, into: collected)
        if isCacheable { collectedBySelectionSet[key] = collected }
        return collected
    }

    /// The fields of the fragment spread as `key` (``key(of:)``), selected on its type condition; for a fragment that
    /// declares variables, with the values the spread gives them, so that fields compare with the arguments the
    /// server sees.
    func fields(ofFragment key: String) -> CollectedFields? {
        guard let spread = spreadsByKey[key], let (fragment, documentIndex) = context.fragments[spread.name.value]
        else { return nil }
        let parentType = context.type(named: fragment.typeCondition.value)
        guard !fragment.variableDefinitions.isEmpty else {
            return fields(of: fragment.selectionSet, parentType: parentType, documentIndex: documentIndex)
        }
        if let known = collectedBySpread[key] { return known }
        let collected = CollectedFields()
        collectedBySpread[key] = collected
        let specialized = FragmentArguments(spread, of: fragment).applied(to: fragment.selectionSet)
        // Negative, so that no document has it.
        let index = specializedIndexes[key] ?? -1 - specializedIndexes.count
        specializedIndexes[key] = index
        collect(specialized, parentType: parentType, documentIndex: index, into: collected)
        return collected
    }

    /// What identifies a spread's fields: the fragment's name, followed for a fragment that declares variables by the
    /// values the spread gives them (defaults included), as printed.
    private func key(of spread: FragmentSpread) -> String {
        let name = spread.name.value
        guard let fragment = context.fragments[name]?.definition, !fragment.variableDefinitions.isEmpty else {
            return name
        }
        let key = name + "(" + FragmentArguments(spread, of: fragment).canonicalText + ")"
        var known = keysByFragment[name, default: []]
        guard known.contains(key) || known.count < Self.maximumKeysPerFragment else { return known[0] }
        if !known.contains(key) {
            known.append(key)
            keysByFragment[name] = known
        }
        return key
    }

    private func collect(
        _ selectionSet: SelectionSet, parentType: SchemaType?, documentIndex: Int, into collected: CollectedFields
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                collected.add(CollectedField(field: field, parentType: parentType, documentIndex: documentIndex))
            case .fragmentSpread(let spread):
                let key = key(of: spread)
                if spreadsByKey[key] == nil { spreadsByKey[key] = spread }
                collected.addFragment(named: key)
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.map { context.type(named: $0.value) } ?? parentType
                collect(fragment.selectionSet, parentType: type, documentIndex: documentIndex, into: collected)
            }
        }
    }

    /// Collects the conflicts between a selection set's fields and a fragment's, then the fragments that fragment
    /// spreads (`visited` guards against cycles).
    func collectConflicts(
        _ conflicts: inout [FieldConflict], between collected: CollectedFields, andFragment name: String,
        mutuallyExclusive: Bool, visited: inout Set<String>
    ) {
        guard nesting < Self.maximumNesting, visited.insert(name).inserted,
            let fragmentFields = fields(ofFragment: name),
            fragmentFields !== collected
        else { return }
        nesting += 1
        defer { nesting -= 1 }
        collectConflicts(&conflicts, between: collected, and: fragmentFields, mutuallyExclusive: mutuallyExclusive)
        for referenced in fragmentFields.fragmentNames {
            collectConflicts(
                &conflicts, between: collected, andFragment: referenced, mutuallyExclusive: mutuallyExclusive,
                visited: &visited)
        }
    }

    /// Collects the conflicts between two fragments' fields, and between the fragments each spreads; every pair of
    /// fragments once.
    func collectConflicts(
        _ conflicts: inout [FieldConflict], betweenFragments first: String, _ second: String, mutuallyExclusive: Bool
    ) {
        guard nesting < Self.maximumNesting, first != second,
            !comparedFragmentPairs.contains(first, second, mutuallyExclusive: mutuallyExclusive)
        else { return }
        comparedFragmentPairs.insert(first, second, mutuallyExclusive: mutuallyExclusive)
        nesting += 1
        defer { nesting -= 1 }
        guard let firstFields = fields(ofFragment: first), let secondFields = fields(ofFragment: second) else { return }
        collectConflicts(&conflicts, between: firstFields, and: secondFields, mutuallyExclusive: mutuallyExclusive)
        for referenced in secondFields.fragmentNames {
            collectConflicts(&conflicts, betweenFragments: first, referenced, mutuallyExclusive: mutuallyExclusive)
        }
        for referenced in firstFields.fragmentNames {
            collectConflicts(&conflicts, betweenFragments: referenced, second, mutuallyExclusive: mutuallyExclusive)
        }
    }

    /// Collects the conflicts between fields of two collections with the same response name.
    func collectConflicts(
        _ conflicts: inout [FieldConflict], between first: CollectedFields, and second: CollectedFields,
        mutuallyExclusive: Bool
    ) {
        for (responseName, fields) in first.groups {
            guard let others = second.fields(named: responseName) else { continue }
            for field in fields {
                for other in others {
                    if let conflict = conflict(
                        responseName, field, other, parentsAreMutuallyExclusive: mutuallyExclusive)
                    {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }
}

/// Identifies a selection set within the unit: its document and its offset there.
struct SelectionSetKey: Hashable {
    let documentIndex: Int
    let offset: Int
}
