/// Rewrites the input values of a schema: field arguments, input object fields and directive arguments. The builders'
/// repairs of default values run through it, so each repair says only what it changes.
struct InputValueRewriter {
    /// The replacement of one input value, `nil` to keep it; the second argument describes the value for messages:
    /// `argument "Query.user(id:)"`, `input field "Filter.limit"`, `argument "@cached(ttl:)"`.
    let rewrite: (SchemaInputValue, String) -> SchemaInputValue?

    /// The types with their input values rewritten; types without a change are returned as they are.
    func rewriting(_ types: [SchemaType]) -> [SchemaType] {
        types.map { type in
            switch type {
            case .object(let object):
                guard let fields = rewriting(object.fields, of: object.name) else { return type }
                return .object(object.replacing(fields: fields))
            case .interface(let interface):
                guard let fields = rewriting(interface.fields, of: interface.name) else { return type }
                return .interface(interface.replacing(fields: fields))
            case .inputObject(let input):
                guard let fields = rewriting(input.fields, describing: { "input field \"\(input.name).\($0)\"" })
                else { return type }
                return .inputObject(input.replacing(fields: fields))
            default:
                return type
            }
        }
    }

    /// The directives with their arguments rewritten.
    func rewriting(_ directives: [SchemaDirective]) -> [SchemaDirective] {
        directives.map { directive in
            guard
                let arguments = rewriting(
                    directive.arguments, describing: { "argument \"@\(directive.name)(\($0):)\"" })
            else { return directive }
            return SchemaDirective(
                name: directive.name, description: directive.description, arguments: arguments,
                locations: directive.locations, isRepeatable: directive.isRepeatable, location: directive.location)
        }
    }

    private func rewriting(_ fields: [SchemaField], of typeName: String) -> [SchemaField]? {
        var changed = false
        let rewritten = fields.map { field in
            let describing = { (name: String) in "argument \"\(typeName).\(field.name)(\(name):)\"" }
            guard let arguments = rewriting(field.arguments, describing: describing) else { return field }
            changed = true
            return SchemaField(
                name: field.name, description: field.description, arguments: arguments, type: field.type,
                deprecationReason: field.deprecationReason, directives: field.directives, location: field.location)
        }
        return changed ? rewritten : nil
    }

    private func rewriting(_ values: [SchemaInputValue], describing: (String) -> String) -> [SchemaInputValue]? {
        var changed = false
        let rewritten = values.map { value in
            guard let replacement = rewrite(value, describing(value.name)) else { return value }
            changed = true
            return replacement
        }
        return changed ? rewritten : nil
    }
}

extension SchemaInputValue {
    /// The same input value with another default, or none.
    func withDefaultValue(_ defaultValue: Value?) -> SchemaInputValue {
        SchemaInputValue(
            name: name, description: description, type: type, defaultValue: defaultValue,
            deprecationReason: deprecationReason, directives: directives, location: location)
    }
}
