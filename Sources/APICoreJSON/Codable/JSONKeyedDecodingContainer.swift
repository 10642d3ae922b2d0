import APICoreGraphQL

/// The keyed container ``JSONValueDecoderState`` makes for a JSON object.
///
/// Members are looked up in the `JSONObject` itself: linearly for small objects, through its hash index for
/// large ones. With the default key strategy a lookup allocates nothing.
struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: JSONValueDecoderState
    let object: JSONObject
    let depth: Int

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    /// The keys of the members, converted from snake case under `convertFromSnakeCase`, that `Key` can represent.
    var allKeys: [Key] {
        switch state.configuration.keyDecodingStrategy {
        case .useDefaultKeys: object.keys.compactMap { Key(stringValue: $0) }
        case .convertFromSnakeCase: object.keys.compactMap { Key(stringValue: SnakeCase.camelCased($0)) }
        }
    }

    func contains(_ key: Key) -> Bool { position(of: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try requireValue(forKey: key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decode(type, from: requireValue(forKey: key), at: .key(key), depth: depth)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try scalarIfPresent(type, forKey: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = value(forKey: key), !value.isNull else { return nil }
        return try state.decode(type, from: value, at: .key(key), depth: depth)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try state.detached(value: requireValue(forKey: key), at: .key(key), depth: depth).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try state.detached(value: requireValue(forKey: key), at: .key(key), depth: depth).unkeyedContainer()
    }

    /// A decoder for the member named `super`, or for `null` when there is none, as in Foundation.
    func superDecoder() throws -> any Decoder {
        let key = JSONCodingKey.superKey
        return state.detached(value: object[key.stringValue] ?? .null, at: .key(key), depth: depth)
    }

    /// A decoder for the member at `key`, or for `null` when there is none, as in Foundation.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        state.detached(value: value(forKey: key) ?? .null, at: .key(key), depth: depth)
    }

    // MARK: - Lookup

    private func position(of key: Key) -> Int? {
        switch state.configuration.keyDecodingStrategy {
        case .useDefaultKeys: object.position(of: key.stringValue)
        case .convertFromSnakeCase: SnakeCase.position(ofCodingKey: key.stringValue, in: object)
        }
    }

    private func value(forKey key: Key) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        return object.values[position]
    }

    private func requireValue(forKey key: Key) throws -> JSONValue {
        guard let value = value(forKey: key) else {
            let jsonKey: String? =
                switch state.configuration.keyDecodingStrategy {
                case .useDefaultKeys: nil
                case .convertFromSnakeCase: SnakeCase.snakeCased(key.stringValue)
                }
            throw JSONCodingErrors.keyNotFound(key, lookedUpAs: jsonKey, codingPath: codingPath)
        }
        return value
    }

    private func scalar<T: JSONScalar>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decodeScalar(type, from: requireValue(forKey: key), at: .key(key), depth: depth)
    }

    private func scalarIfPresent<T: JSONScalar>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = value(forKey: key), !value.isNull else { return nil }
        return try state.decodeScalar(type, from: value, at: .key(key), depth: depth)
    }
}
