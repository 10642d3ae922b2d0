/// Prints value literals for messages the way graphql-js 16 prints them: `{a: 1, b: [2, 3]}`, strings quoted and
/// escaped, block strings as block strings.
enum ValuePrinter {
    /// The value as GraphQL source.
    static func print(_ value: Value) -> String {
        switch value.kind {
        case .variable(let name): "$" + name
        case .int(let text), .float(let text): text
        case .string(let text, let isBlock): isBlock ? blockString(text) : StringLiteral.quoted(text)
        case .boolean(let flag): flag ? "true" : "false"
        case .null: "null"
        case .enumValue(let name): name
        case .list(let items): "[" + items.map(print).joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A block string: `"""` escaped inside, and on lines of its own when the text spans lines, is long, or ends in a
    /// way that would merge with the closing quotes.
    static func blockString(_ text: String) -> String {
        let escaped = text.replacing("\"\"\"", with: "\\\"\"\"")
        let lines = escaped.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let isSingleLine = lines.count == 1
        let startsWithSpace = text.first.map { $0 == " " || $0 == "\t" } ?? false
        let forceLeadingNewline =
            lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let forceTrailingNewline = (text.hasSuffix("\"") && !hasTrailingTripleQuotes) || text.hasSuffix("\\")
        let printsAsMultipleLines =
            !isSingleLine || text.unicodeScalars.count > 70 || forceTrailingNewline || forceLeadingNewline
            || hasTrailingTripleQuotes
        var result = ""
        if (printsAsMultipleLines && !(isSingleLine && startsWithSpace)) || forceLeadingNewline {
            result += "\n"
        }
        result += escaped
        if printsAsMultipleLines || forceTrailingNewline {
            result += "\n"
        }
        return "\"\"\"" + result + "\"\"\""
    }
}
