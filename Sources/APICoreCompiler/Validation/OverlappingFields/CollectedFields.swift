/// The fields of a selection set grouped by response name, with inline fragments flattened into it, and the
/// fragments it spreads (each once, in order), by ``FieldConflictFinder/key(of:)``: a fragment's name, with the
/// values its spread gives the fragment's variables when it declares any.
final class CollectedFields {
    /// The groups of fields with the same response name, in order of first appearance.
    private(set) var groups: [(responseName: String, fields: [CollectedField])] = []
    private(set) var fragmentNames: [String] = []
    private var groupIndex: [String: Int] = [:]
    private var fragmentNameSet: Set<String> = []

    /// The fields with response name `name`.
    func fields(named name: String) -> [CollectedField]? {
        groupIndex[name].map { groups[$0].fields }
    }

    func add(_ field: CollectedField) {
        let key = field.field.responseKey
        if let index = groupIndex[key] {
            groups[index].fields.append(field)
        } else {
            groupIndex[key] = groups.count
            groups.append((key, [field]))
        }
    }

    func addFragment(named name: String) {
        if fragmentNameSet.insert(name).inserted { fragmentNames.append(name) }
    }
}
