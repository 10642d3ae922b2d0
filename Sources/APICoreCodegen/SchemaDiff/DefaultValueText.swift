import APICoreCompiler

/// A default value as graphql-js compares and prints it: coerced to its type first (a lone value for a list type
/// becomes a one-item list, omitted input fields take their defaults, numbers lose their spelling), object fields
/// sorted by name, then printed.
struct DefaultValueText {
    let schema: GraphQLSchema

    func text(of value: Value, as type: TypeReference) -> String {
        Printer.print(coerced(value, as: type))
    }

    private func coerced(_ value: Value, as type: TypeReference) -> Value {
        switch type {
        case .nonNull(let inner, _):
            return coerced(value, as: inner)
        case .list(let item, _):
            if case .list(let items) = value.kind { return Value(.list(items.map { coerced($0, as: item) })) }
            if case .null = value.kind { return value }
            return Value(.list([coerced(value, as: item)]))
        case .named(let name):
            switch (value.kind, schema.type(named: name.value)) {
            case (.object(let fields), .inputObject(let input)?):
                var members: [Argument] = []
                for field in input.fields {
                    if let given = fields.first(where: { $0.name.value == field.name }) {
                        members.append(Argument(name: Name(field.name), value: coerced(given.value, as: field.type)))
                    } else if let fallback = field.defaultValue {
                        members.append(Argument(name: Name(field.name), value: coerced(fallback, as: field.type)))
                    }
                }
                return Value(.object(members.sorted { $0.name.value < $1.name.value }))
            case (.int(let text), _), (.float(let text), _):
                return Value(Self.number(text))
            default:
                return value
            }
        }
    }

    /// A number as graphql-js prints a coerced one: integral values without a fraction.
    private static func number(_ text: String) -> Value.Kind {
        guard let double = Double(text) else { return .int(text) }
        if double == double.rounded(), abs(double) < 1e15 { return .int(String(Int64(double))) }
        return .float(String(double))
    }
}
