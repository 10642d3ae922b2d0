/// What arguments belong to: a field of a type, or a directive.
enum ArgumentOwner {
    case field(SchemaField, parentTypeName: String)
    case directive(SchemaDirective)

    /// The argument definitions.
    var arguments: [SchemaInputValue] {
        switch self {
        case .field(let field, _): field.arguments
        case .directive(let directive): directive.arguments
        }
    }

    /// The argument called `name`.
    func argument(named name: String) -> SchemaInputValue? {
        switch self {
        case .field(let field, _): field.argument(named: name)
        case .directive(let directive): directive.argument(named: name)
        }
    }
}
