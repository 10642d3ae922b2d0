/// A field of a selection set, with the type it was selected on and its definition there.
struct CollectedField {
    /// The type the field is selected on: the selection set's type, or an inline fragment's type condition.
    let parentType: SchemaType?
    let field: Field
    /// The field's definition on ``parentType``; nil when unknown, and for meta fields (as graphql-js does).
    let definition: SchemaField?
    /// The index of the document the field is in, which identifies its sub-selection for caching.
    let documentIndex: Int
}

/// The fields of a selection set grouped by response name, with inline fragments flattened into it, and the names
/// of the fragments it spreads (each once, in order).
final class CollectedFields {
    /// The response names in order of first appearance.
    private(set) var responseNames: [String] = []
    private(set) var fieldsByResponseName: [String: [CollectedField]] = [:]
    private(set) var fragmentNames: [String] = []
    private var fragmentNameSet: Set<String> = []

    func add(_ field: CollectedField) {
        let key = field.field.responseKey
        if fieldsByResponseName[key] == nil { responseNames.append(key) }
        fieldsByResponseName[key, default: []].append(field)
    }

    func addFragment(named name: String) {
        if fragmentNameSet.insert(name).inserted { fragmentNames.append(name) }
    }
}

/// Identifies a selection set within the unit: its document and its offset there.
struct SelectionSetKey: Hashable {
    let documentIndex: Int
    let offset: Int
}
