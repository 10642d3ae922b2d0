extension Printer {
    /// `schema @directives { query: Query }` or `extend schema ...`.
    static func write(_ schema: SchemaDefinition, to writer: inout PrintWriter) {
        if schema.isExtension {
            writer.write(join(["extend schema", printed(schema.directives)], " "))
        } else {
            write(schema.description, to: &writer)
            writer.write(join(["schema", printed(schema.directives)], " "))
        }
        guard !schema.operationTypes.isEmpty else { return }
        writer.write(" ")
        writer.openBlock()
        for operationType in schema.operationTypes {
            writer.nextItem()
            writer.write("\(operationType.operation.rawValue): \(operationType.type.value)")
        }
        writer.closeBlock()
    }

    /// A type definition or extension.
    static func write(_ type: TypeDefinition, to writer: inout PrintWriter) {
        let keyword: String
        var parts: [String] = [type.name.value]
        switch type.kind {
        case .scalar:
            keyword = "scalar"
            parts.append(printed(type.directives))
        case .object(let interfaces, _), .interface(let interfaces, _):
            if case .object = type.kind { keyword = "type" } else { keyword = "interface" }
            parts.append(wrap("implements ", join(interfaces.map(\.value), " & ")))
            parts.append(printed(type.directives))
        case .union(let members):
            keyword = "union"
            parts.append(printed(type.directives))
            parts.append(wrap("= ", join(members.map(\.value), " | ")))
        case .enumeration:
            keyword = "enum"
            parts.append(printed(type.directives))
        case .inputObject:
            keyword = "input"
            parts.append(printed(type.directives))
        }
        if type.isExtension {
            writer.write(join(["extend " + keyword] + parts, " "))
        } else {
            write(type.description, to: &writer)
            writer.write(join([keyword] + parts, " "))
        }
        writeBody(of: type, to: &writer)
    }

    /// The fields or values of a type in braces, if it has any.
    private static func writeBody(of type: TypeDefinition, to writer: inout PrintWriter) {
        switch type.kind {
        case .object(_, let fields) where !fields.isEmpty, .interface(_, let fields) where !fields.isEmpty:
            writer.write(" ")
            writer.openBlock()
            for field in fields {
                writer.nextItem()
                write(field, to: &writer)
            }
        case .enumeration(let values) where !values.isEmpty:
            writer.write(" ")
            writer.openBlock()
            for value in values {
                writer.nextItem()
                write(value.description, to: &writer)
                writer.write(join([value.name.value, printed(value.directives)], " "))
            }
        case .inputObject(let fields) where !fields.isEmpty:
            writer.write(" ")
            writer.openBlock()
            for field in fields {
                writer.nextItem()
                writer.write(printed(field))
            }
        default:
            return
        }
        writer.closeBlock()
    }

    /// `name(arguments): Type @directives`, after its description.
    static func write(_ field: FieldDefinition, to writer: inout PrintWriter) {
        write(field.description, to: &writer)
        writer.write(
            field.name.value + printed(arguments: field.arguments) + ": " + field.type.description
                + wrap(" ", printed(field.directives)))
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

    /// `directive @name(arguments) repeatable on A | B`, after its description.
    static func write(_ directive: DirectiveDefinition, to writer: inout PrintWriter) {
        write(directive.description, to: &writer)
        writer.write(
            "directive @" + directive.name.value + printed(arguments: directive.arguments)
                + (directive.isRepeatable ? " repeatable" : "") + " on "
                + join(directive.locations.map(\.value), " | "))
    }

    /// Argument definitions in parentheses: on one line, or one per line when any of them spans lines.
    static func printed(arguments: [InputValueDefinition]) -> String {
        let printedArguments = arguments.map(printed)
        if printedArguments.contains(where: { $0.utf8.contains(UInt8(ascii: "\n")) }) {
            return wrap("(\n", indent(join(printedArguments, "\n")), "\n)")
        }
        return wrap("(", join(printedArguments, ", "), ")")
    }

    /// A description on a line of its own, or nothing.
    static func write(_ description: Description?, to writer: inout PrintWriter) {
        guard let description else { return }
        writer.write(StringLiteral.printed(description.value, preferBlock: description.isBlock))
        writer.newline()
    }
}
