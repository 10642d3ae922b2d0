/// The unkeyed container ``JSONValueEncoderState`` makes for a JSON array.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let state: JSONValueEncoderState
    let array: JSONPendingArray
    let depth: Int

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    var count: Int { array.count }

    func encodeNil() throws { array.append(.null) }

    func encode(_ value: Bool) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: String) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Double) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Float) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Int) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Int8) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Int16) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Int32) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: Int64) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: UInt) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: UInt8) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: UInt16) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: UInt32) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }
    func encode(_ value: UInt64) throws { array.append(try state.encodeScalar(value, at: .index(count), depth: depth)) }

    func encode<T: Encodable>(_ value: T) throws {
        array.append(try state.encode(value, at: .index(count), depth: depth))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONPendingObject()
        let nestedState = state.detached(at: .index(count), depth: depth)
        array.appendOpen(.object(nested))
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(state: nestedState, object: nested, depth: 0))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONPendingArray()
        let nestedState = state.detached(at: .index(count), depth: depth)
        array.appendOpen(.array(nested))
        return JSONUnkeyedEncodingContainer(state: nestedState, array: nested, depth: 0)
    }

    func superEncoder() -> any Encoder {
        let encoder = state.detached(at: .index(count), depth: depth)
        array.appendOpen(.encoder(encoder))
        return encoder
    }
}
