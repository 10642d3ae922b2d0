extension Printer {
    /// A value literal; strings keep the block form they were written in when it can hold them.
    static func printed(_ value: Value) -> String {
        switch value.kind {
        case .variable(let name): "$" + name
        case .int(let text), .float(let text), .enumValue(let text): text
        case .string(let text, let isBlock): StringLiteral.printed(text, preferBlock: isBlock)
        case .boolean(let bool): bool ? "true" : "false"
        case .null: "null"
        case .list(let values): "[" + join(values.map(printed), ", ") + "]"
        case .object(let fields): "{" + join(fields.map(printed), ", ") + "}"
        }
    }

    /// A description followed by a line break, or nothing.
    static func printed(_ description: Description?) -> String {
        guard let description else { return "" }
        return StringLiteral.printed(description.value, preferBlock: description.isBlock) + "\n"
    }
}
