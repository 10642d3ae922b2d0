/// A field of a selection set, with the type it was selected on and what comparisons need of it, looked up on the
/// first comparison (most collected fields are never compared).
final class CollectedField {
    let field: Field
    /// The type the field is selected on: the selection set's type, or an inline fragment's type condition.
    let parentType: SchemaType?
    /// The index of the document the field is in, which identifies its sub-selection for caching.
    let documentIndex: Int
    /// Whether ``resolve(_:)`` has run.
    private(set) var isResolved = false
    /// ``parentType`` when it is an object type: fields on two different object types never apply together.
    private(set) var parentObject: ObjectIdentifier?
    /// The type of the field's definition on ``parentType``; nil when unknown, and for meta fields (as graphql-js
    /// does).
    private(set) var type: TypeReference?
    /// The named type of ``type``.
    private(set) var namedType: SchemaType?
    /// The field's `@stream` directive.
    private(set) var stream: Directive?

    init(field: Field, parentType: SchemaType?, documentIndex: Int) {
        self.field = field
        self.parentType = parentType
        self.documentIndex = documentIndex
    }

    /// Looks up what comparisons need, once.
    func resolve(_ context: ValidationContext) {
        guard !isResolved else { return }
        isResolved = true
        if case .object(let object)? = parentType {
            parentObject = ObjectIdentifier(object)
        }
        type = parentType?.field(named: field.name.value)?.type
        namedType = type.flatMap { context.namedType(of: $0) }
        stream = field.directives.first { $0.name.value == "stream" }
    }
}

/// The fields of a selection set grouped by response name, with inline fragments flattened into it, and the names
/// of the fragments it spreads (each once, in order).
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

/// Identifies a selection set within the unit: its document and its offset there.
struct SelectionSetKey: Hashable {
    let documentIndex: Int
    let offset: Int
}
