/// The keyed container ``JSONValueEncoderState`` makes for a JSON object.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: JSONValueEncoderState
    let object: JSONPendingObject
    let depth: Int

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    func encodeNil(forKey key: Key) throws { object.set(.null, forKey: jsonKey(key)) }

    func encode(_ value: Bool, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: String, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Double, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Float, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Int, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Int8, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Int16, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Int32, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: Int64, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: UInt, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try encodeScalar(value, forKey: key) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try state.encode(value, at: .key(key), depth: depth), forKey: jsonKey(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONPendingObject()
        object.setOpen(.object(nested), forKey: jsonKey(key))
        let nestedState = state.detached(at: .key(key), depth: depth)
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(state: nestedState, object: nested, depth: 0))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONPendingArray()
        object.setOpen(.array(nested), forKey: jsonKey(key))
        return JSONUnkeyedEncodingContainer(state: state.detached(at: .key(key), depth: depth), array: nested, depth: 0)
    }

    /// An encoder for the member named `super`, as in Foundation.
    func superEncoder() -> any Encoder {
        let encoder = state.detached(at: .key(JSONCodingKey.superKey), depth: depth)
        object.setOpen(.encoder(encoder), forKey: JSONCodingKey.superKey.stringValue)
        return encoder
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        let encoder = state.detached(at: .key(key), depth: depth)
        object.setOpen(.encoder(encoder), forKey: jsonKey(key))
        return encoder
    }

    private func jsonKey(_ key: Key) -> String {
        switch state.configuration.keyEncodingStrategy {
        case .useDefaultKeys: key.stringValue
        case .convertToSnakeCase: SnakeCase.snakeCased(key.stringValue)
        }
    }

    private func encodeScalar<T: JSONScalar>(_ value: T, forKey key: Key) throws {
        object.set(try state.encodeScalar(value, at: .key(key), depth: depth), forKey: jsonKey(key))
    }
}
