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
