import APICoreGraphQL

/// `JSONValue` is `Codable`, so that app models can embed arbitrary JSON.
///
/// Through ``JSONValueDecoder`` and ``JSONValueEncoder`` the value is handed over as it is, without being taken
/// apart. Through other coders, such as Foundation's `JSONDecoder` and `JSONEncoder`, it is rebuilt from the
/// coder's containers, which works as well as the coder allows: integral numbers become `JSONValue.int(_:)`,
/// objects get the member order the coder reports (Foundation's is unordered), and key strategies apply to the
/// members' names. A number kept as text (`JSONValue.numberText(_:)`) goes to another encoder as its nearest
/// `Double`, since `Decimal`, which would keep the digits, is a number only to JSON encoders; it comes back as a
/// `JSONValue.double(_:)`.
extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        if let state = decoder as? JSONValueDecoderState {
            self = state.currentValue
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(Int64.self) {
                self = .int(value)
                return
            }
            if let value = try? container.decode(Double.self) {
                self = .double(value)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
        }
        if let container = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var object = JSONObject()
            for key in container.allKeys {
                object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "The value is not of any JSON kind."))
    }

    /// Encodes the value as the JSON value it is.
    public func encode(to encoder: any Encoder) throws {
        if let state = encoder as? JSONValueEncoderState {
            state.encodeCurrentValue(self)
            return
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .numberText(let text):
            guard let value = Double(text) else {
                throw EncodingError.invalidValue(
                    text, .init(codingPath: encoder.codingPath, debugDescription: "The number text is not a number."))
            }
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in zip(object.keys, object.values) {
                try container.encode(value, forKey: JSONCodingKey(stringValue: key))
            }
        }
    }
}
