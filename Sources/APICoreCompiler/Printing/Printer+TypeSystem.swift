extension Printer {
    /// `schema @directives { query: Query }` or `extend schema ...`.
    static func printed(_ schema: SchemaDefinition) -> String {
        let operationTypes = schema.operationTypes.map { "\($0.operation.rawValue): \($0.type.value)" }
        if schema.isExtension {
            return join(["extend schema", printed(schema.directives), block(operationTypes)], " ")
        }
        return printed(schema.description)
            + join(["schema", printed(schema.directives), block(operationTypes)], " ")
    }

    /// A type definition or extension.
    static func printed(_ type: TypeDefinition) -> String {
        let keyword: String
        var parts: [String] = []
        switch type.kind {
        case .scalar:
            keyword = "scalar"
        case .object(let interfaces, let fields), .interface(let interfaces, let fields):
            if case .object = type.kind { keyword = "type" } else { keyword = "interface" }
            parts.append(wrap("implements ", join(interfaces.map(\.value), " & ")))
            parts.append(printed(type.directives))
            parts.append(block(fields.map(printed)))
        case .union(let members):
            keyword = "union"
            parts.append(printed(type.directives))
            parts.append(wrap("= ", join(members.map(\.value), " | ")))
        case .enumeration(let values):
            keyword = "enum"
            parts.append(printed(type.directives))
            parts.append(block(values.map(printed)))
        case .inputObject(let fields):
            keyword = "input"
            parts.append(printed(type.directives))
            parts.append(block(fields.map(printed)))
        }
        if case .scalar = type.kind { parts.append(printed(type.directives)) }
        let head = type.isExtension ? "extend " + keyword : printed(type.description) + keyword
        return join([head, type.name.value] + parts, " ")
    }

    /// `name(arguments): Type @directives`, after its description.
    static func printed(_ field: FieldDefinition) -> String {
        printed(field.description) + field.name.value + printed(arguments: field.arguments) + ": "
            + field.type.description + wrap(" ", printed(field.directives))
    }

    /// `name: Type = default @directives`, after its description.
    static func printed(_ input: InputValueDefinition) -> String {
        printed(input.description)
            + join(
                [
                    input.name.value + ": " + input.type.description, wrap("= ", input.defaultValue.map(printed)),
                    printed(input.directives),
                ], " ")
    }

    /// `NAME @directives`, after its description.
    static func printed(_ value: EnumValueDefinition) -> String {
        printed(value.description) + join([value.name.value, printed(value.directives)], " ")
    }

    /// `directive @name(arguments) repeatable on A | B`, after its description.
    static func printed(_ directive: DirectiveDefinition) -> String {
        printed(directive.description) + "directive @" + directive.name.value
            + printed(arguments: directive.arguments) + (directive.isRepeatable ? " repeatable" : "") + " on "
            + join(directive.locations.map(\.value), " | ")
    }

    /// Argument definitions in parentheses: on one line, or one per line when any of them spans lines.
    static func printed(arguments: [InputValueDefinition]) -> String {
        let printedArguments = arguments.map(printed)
        if printedArguments.contains(where: { $0.contains("\n") }) {
            return wrap("(\n", indent(join(printedArguments, "\n")), "\n)")
        }
        return wrap("(", join(printedArguments, ", "), ")")
    }
}
