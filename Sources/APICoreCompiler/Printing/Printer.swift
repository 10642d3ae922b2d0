/// Prints ASTs back to GraphQL source text.
///
/// The output is deterministic and laid out like graphql-js's printer: two-space indentation, one selection or field
/// per line, arguments on one line unless that line would pass 80 characters (or an argument definition spans lines),
/// descriptions written as block strings when they were written so. Parsing the output gives an AST equal to the
/// input, and printing that AST again gives the same text.
public enum Printer {
    /// The text of a document: its definitions separated by blank lines.
    public static func print(_ document: Document) -> String {
        var writer = PrintWriter()
        for (index, definition) in document.definitions.enumerated() {
            if index > 0 {
                writer.newline()
                writer.newline()
            }
            write(definition, to: &writer)
        }
        return writer.text
    }

    /// The text of a value literal: `{a: 1, b: [ENUM]}`.
    public static func print(_ value: Value) -> String {
        printed(value)
    }

    /// The text of a type reference: `[String!]!`.
    public static func print(_ type: TypeReference) -> String {
        type.description
    }

    /// The text of one definition.
    public static func print(_ definition: Definition) -> String {
        var writer = PrintWriter()
        write(definition, to: &writer)
        return writer.text
    }

    static func write(_ definition: Definition, to writer: inout PrintWriter) {
        switch definition {
        case .operation(let operation): write(operation, to: &writer)
        case .fragment(let fragment): write(fragment, to: &writer)
        case .schema(let schema): write(schema, to: &writer)
        case .type(let type): write(type, to: &writer)
        case .directive(let directive): write(directive, to: &writer)
        }
    }

    // MARK: Layout helpers

    /// The non-empty `parts`, joined by `separator`.
    static func join(_ parts: [String], _ separator: String = "") -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if !result.isEmpty { result += separator }
            result += part
        }
        return result
    }

    /// `start + text + end`, or nothing when `text` is empty.
    static func wrap(_ start: String, _ text: String?, _ end: String = "") -> String {
        guard let text, !text.isEmpty else { return "" }
        return start + text + end
    }

    /// `text` with each non-empty line indented by two spaces.
    static func indent(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 32)
        var isLineStart = true
        for byte in text.utf8 {
            if isLineStart, byte != UInt8(ascii: "\n") { result.append(contentsOf: [0x20, 0x20]) }
            result.append(byte)
            isLineStart = byte == UInt8(ascii: "\n")
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The directives, separated by spaces.
    static func printed(_ directives: [Directive]) -> String {
        join(directives.map(printed), " ")
    }

    /// `@name(arguments)`
    static func printed(_ directive: Directive) -> String {
        "@" + directive.name.value + wrap("(", join(directive.arguments.map(printed), ", "), ")")
    }

    /// `name: value`
    static func printed(_ argument: Argument) -> String {
        argument.name.value + ": " + printed(argument.value)
    }
}
