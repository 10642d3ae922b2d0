/// Rewrites the input values of a schema: field arguments, input object fields and directive arguments. The builders'
/// repairs of default values run through it, so each repair says only what it changes.
struct InputValueRewriter {
    /// The replacement of one input value, `nil` to keep it; the second argument describes the value for messages:
    /// `argument "Query.user(id:)"`, `input field "Filter.limit"`, `argument "@cached(ttl:)"` (words made only when
    /// asked for: most values need none).
    let rewrite: (SchemaInputValue, () -> String) -> SchemaInputValue?

    /// The types with their input values rewritten; types without a change are returned as they are.
    func rewriting(_ types: [SchemaType]) -> [SchemaType] {
        types.map { type in
            guard case .inputObject(let input) = type else { return type.replacingFields { rewriting($0, of: $1) } }
            guard let fields = rewriting(input.fields, describing: { "input field \"\(input.name).\($0)\"" })
            else { return type }
            return .inputObject(input.replacing(fields: fields))
        }
    }

    /// The directives with their arguments rewritten.
    func rewriting(_ directives: [SchemaDirective]) -> [SchemaDirective] {
        directives.map { directive in
            guard
                let arguments = rewriting(
                    directive.arguments, describing: { "argument \"@\(directive.name)(\($0):)\"" })
            else { return directive }
            return directive.replacing(arguments: arguments)
        }
    }

    private func rewriting(_ fields: [SchemaField], of typeName: String) -> [SchemaField]? {
        var rewritten: [SchemaField]?
        for index in fields.indices {
            let describing = { (name: String) in "argument \"\(typeName).\(fields[index].name)(\(name):)\"" }
            guard let arguments = rewriting(fields[index].arguments, describing: describing) else { continue }
            if rewritten == nil { rewritten = fields }
            rewritten?[index] = fields[index].replacing(arguments: arguments)
        }
        return rewritten
    }

    /// The values with the replacements `rewrite` gives; `nil` when it gives none. Only a changed list is copied.
    private func rewriting(_ values: [SchemaInputValue], describing: (String) -> String) -> [SchemaInputValue]? {
        var rewritten: [SchemaInputValue]?
        for index in values.indices {
            guard let replacement = rewrite(values[index], { describing(values[index].name) }) else { continue }
            if rewritten == nil { rewritten = values }
            rewritten?[index] = replacement
        }
        return rewritten
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
