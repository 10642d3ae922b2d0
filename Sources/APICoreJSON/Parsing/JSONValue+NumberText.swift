import APICoreGraphQL

extension JSONValue {
    /// The value ``JSONReader`` reads from a number's text: `int`, `double`, or `numberText` when a double does not
    /// hold its digits; `nil` for a text that is not a JSON number or beyond the doubles' range.
    package static func number(text: String) -> JSONValue? {
        guard isNumberText(text) else { return nil }
        return try? JSONReader().read(text)
    }
}
