import APICoreGraphQL

/// Renders every error the JSON value coders throw, so the wording stays consistent.
///
/// Messages name the Swift type, the JSON kind that was expected and the JSON kind that was found. They never quote
/// the value itself, which may be a secret.
enum JSONCodingErrors {
    /// The kind names `JSONValue.kindName` uses, with an article, for sentences.
    static func describe(kind: String) -> String {
        if kind == "null" { return kind }
        return "aeiou".contains(kind.first ?? " ") ? "an \(kind)" : "a \(kind)"
    }

    static func typeMismatch(
        _ type: Any.Type,
        expected expectedKind: String,
        found value: JSONValue,
        codingPath: [any CodingKey]
    ) -> DecodingError {
        let description =
            "Expected \(describe(kind: expectedKind)) for \(type) but found \(describe(kind: value.kindName))."
        if value.isNull {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: description))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: description))
    }

    static func numberOutOfRange(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let description = "Expected a number that fits in \(type) but found a number outside its range."
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    static func numberNotIntegral(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let description = "Expected an integer for \(type) but found a number with a fractional part."
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    static func invalidString(_ type: Any.Type, format: String, codingPath: [any CodingKey]) -> DecodingError {
        let description = "Expected a string holding \(format) for \(type) but found a string in another format."
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    static func keyNotFound(
        _ key: any CodingKey,
        lookedUpAs jsonKey: String?,
        codingPath: [any CodingKey]
    ) -> DecodingError {
        var description = "No member named \"\(key.stringValue)\""
        if let jsonKey, jsonKey != key.stringValue { description += " (or \"\(jsonKey)\")" }
        description += " in the object."
        return .keyNotFound(key, .init(codingPath: codingPath, debugDescription: description))
    }

    static func atEnd(_ type: Any.Type, count: Int, codingPath: [any CodingKey]) -> DecodingError {
        let description = "Expected a value for \(type) but the array has only \(count) elements."
        return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: description))
    }

    static func notFinite(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        let description = "A non-finite number (infinity or NaN) cannot be represented in JSON."
        return .invalidValue(value, .init(codingPath: codingPath, debugDescription: description))
    }

    static func nothingEncoded(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        let description = "\(type(of: value)) did not encode any value."
        return .invalidValue(value, .init(codingPath: codingPath, debugDescription: description))
    }
}
