/// What the walk knows about the position it is at, from the schema: the walker copies and refines it as it
/// descends (into a selection set, a field, a directive, an argument, a list, an input object), so every rule sees
/// the types of the node it checks without looking at the node's ancestors.
struct TypeInfo {
    /// The composite type of the enclosing selection set; nil when unknown or not composite.
    var parentType: SchemaType?
    /// The definition of the field being walked (its arguments, directives and sub-selection).
    var fieldDefinition: SchemaField?
    /// The directive being walked.
    var directive: SchemaDirective?
    /// The type a value is expected to have here; nil when unknown.
    var inputType: TypeReference?
    /// Whether the position of the value has a default value (argument or input field default).
    var hasDefault = false
    /// The `@oneOf` input object literal directly containing the value, with its type.
    var oneOfObject: (type: InputObjectType, location: SourceLocation)?
    /// Whether values here are checked against ``inputType``: false below a literal that already failed the check
    /// (a list where no list is expected), so that one mistake is reported once.
    var checksValues = true
    /// Whether variables here count as usages: not in variable definitions' default values and directives.
    var recordsVariables = true

    /// At the top of an operation or fragment whose selection set has `parentType`.
    init(parentType: SchemaType?) {
        self.parentType = parentType
    }

    /// The information inside the value of an argument or input field that `definition` defines (`nil` when the
    /// argument or field is unknown).
    func enteringValue(
        of definition: SchemaInputValue?,
        oneOfObject: (type: InputObjectType, location: SourceLocation)?,
        checksValues: Bool
    ) -> TypeInfo {
        var inner = self
        inner.inputType = definition?.type
        inner.hasDefault = definition?.defaultValue != nil
        inner.oneOfObject = oneOfObject
        inner.checksValues = checksValues
        return inner
    }
}
