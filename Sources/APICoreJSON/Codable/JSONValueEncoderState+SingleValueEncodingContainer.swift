extension JSONValueEncoderState: SingleValueEncodingContainer {
    func encodeNil() throws { encodeCurrentValue(.null) }

    func encode(_ value: Bool) throws { try encodeScalar(value) }
    func encode(_ value: String) throws { try encodeScalar(value) }
    func encode(_ value: Double) throws { try encodeScalar(value) }
    func encode(_ value: Float) throws { try encodeScalar(value) }
    func encode(_ value: Int) throws { try encodeScalar(value) }
    func encode(_ value: Int8) throws { try encodeScalar(value) }
    func encode(_ value: Int16) throws { try encodeScalar(value) }
    func encode(_ value: Int32) throws { try encodeScalar(value) }
    func encode(_ value: Int64) throws { try encodeScalar(value) }
    func encode(_ value: UInt) throws { try encodeScalar(value) }
    func encode(_ value: UInt8) throws { try encodeScalar(value) }
    func encode(_ value: UInt16) throws { try encodeScalar(value) }
    func encode(_ value: UInt32) throws { try encodeScalar(value) }
    func encode(_ value: UInt64) throws { try encodeScalar(value) }

    func encode<T: Encodable>(_ value: T) throws {
        if let encoded = try directlyEncoded(value) {
            encodeCurrentValue(encoded)
        } else {
            precondition(isCurrentFrameEmpty, "A single value was encoded after another value at the same coding path.")
            try value.encode(to: self)
        }
    }

    private func encodeScalar<T: JSONScalar>(_ value: T) throws {
        do {
            encodeCurrentValue(try value.encodedJSONValue())
        } catch {
            throw error.encodingError(value: value, codingPath: codingPath)
        }
    }
}
