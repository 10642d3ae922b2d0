/// What arguments belong to: a field of a type, a directive, or a fragment that declares variables (RFC 1224).
enum ArgumentOwner {
    case field(SchemaField, parentTypeName: String)
    case directive(SchemaDirective)
    /// A fragment, whose variables are the arguments its spreads give.
    case fragment(name: String, variables: [SchemaInputValue])

    /// The owner of a spread's arguments: the fragment's variables, as argument definitions.
    static func fragment(_ fragment: FragmentDefinition) -> ArgumentOwner {
        .fragment(
            name: fragment.name.value,
            variables: fragment.variableDefinitions.map { variable in
                SchemaInputValue(
                    name: variable.name.value, type: variable.type, defaultValue: variable.defaultValue,
                    location: variable.location)
            })
    }

    /// The argument definitions.
    var arguments: [SchemaInputValue] {
        switch self {
        case .field(let field, _): field.arguments
        case .directive(let directive): directive.arguments
        case .fragment(_, let variables): variables
        }
    }

    /// The argument called `name`.
    func argument(named name: String) -> SchemaInputValue? {
        switch self {
        case .field(let field, _): field.argument(named: name)
        case .directive(let directive): directive.argument(named: name)
        case .fragment(_, let variables): variables.first { $0.name == name }
        }
    }
}
