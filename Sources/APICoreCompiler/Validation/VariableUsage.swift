/// A variable used somewhere a value is expected.
struct VariableUsage {
    /// The variable's name, without `$`.
    let name: String
    /// Where the variable is written.
    let location: SourceLocation
    /// The type expected where the variable is used; nil when unknown (an unknown argument, say).
    let expectedType: TypeReference?
    /// Whether the position has a default value (an argument or input field with a default), so that a nullable
    /// variable may be used where a non-null value is expected.
    let hasLocationDefault: Bool
    /// When the variable is the value of a field of a `@oneOf` input object: that object literal and its type.
    let oneOfObject: (type: InputObjectType, location: SourceLocation)?
}
