import APICoreGraphQL

/// `JSONObject` is `Codable` as the object it is; see `JSONValue`'s conformance for how it behaves with other
/// coders.
extension JSONObject: Codable {
    /// Decodes a JSON object; any other kind of value is a type mismatch.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard case .object(let object) = value else {
            throw JSONCodingErrors.typeMismatch(
                JSONObject.self, expected: "object", found: value, codingPath: decoder.codingPath)
        }
        self = object
    }

    /// Encodes the object with its members in order.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}
