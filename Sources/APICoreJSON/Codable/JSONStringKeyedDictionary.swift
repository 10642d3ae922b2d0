import APICoreGraphQL

/// `[String: Value]` dictionaries, recognised by the coders so that key strategies leave their keys alone: the keys
/// of a dictionary are data, not property names, as in Foundation's `JSONDecoder` and `JSONEncoder`.
protocol JSONStringKeyedDictionaryDecodable {
    /// Decodes the dictionary from the object on top of the decoder's stack.
    init(decodingMembersWith state: JSONValueDecoderState) throws
}

/// The encoding side of ``JSONStringKeyedDictionaryDecodable``.
protocol JSONStringKeyedDictionaryEncodable {
    /// Encodes the dictionary's members, with their keys as they are.
    func encodeMembers(with state: JSONValueEncoderState) throws -> JSONValue
}

extension Dictionary: JSONStringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    init(decodingMembersWith state: JSONValueDecoderState) throws {
        guard case .object(let object) = state.currentValue else {
            throw JSONCodingErrors.typeMismatch(
                Self.self, expected: "object", found: state.currentValue, codingPath: state.codingPath)
        }
        self.init(minimumCapacity: object.count)
        let depth = state.depth
        for (key, value) in zip(object.keys, object.values) {
            self[key] = try state.decode(Value.self, from: value, at: .name(key), depth: depth)
        }
    }
}

extension Dictionary: JSONStringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func encodeMembers(with state: JSONValueEncoderState) throws -> JSONValue {
        let depth = state.depth
        var keys: [String] = []
        var values: [JSONValue] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for (key, value) in self {
            keys.append(key)
            values.append(try state.encode(value, at: .name(key), depth: depth))
        }
        return .object(JSONObject(uniqueKeys: keys, values: values))
    }
}
