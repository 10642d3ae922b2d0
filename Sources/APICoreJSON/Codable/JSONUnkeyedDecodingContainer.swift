import APICoreGraphQL

/// The unkeyed container ``JSONValueDecoderState`` makes for a JSON array.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let state: JSONValueDecoderState
    let elements: [JSONValue]
    let depth: Int

    private(set) var currentIndex = 0

    init(state: JSONValueDecoderState, elements: [JSONValue], depth: Int) {
        self.state = state
        self.elements = elements
        self.depth = depth
    }

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    var count: Int? { elements.count }

    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try next(Any?.self).isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try state.decode(type, from: next(type), at: .index(currentIndex), depth: depth)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try detachedNext([String: Any].self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try detachedNext([Any].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try detachedNext((any Decoder).self)
        currentIndex += 1
        return decoder
    }

    // MARK: - Elements

    private func next(_ type: Any.Type) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw JSONCodingErrors.atEnd(
                type, count: elements.count, codingPath: state.codingPath(depth: depth, appending: .index(currentIndex))
            )
        }
        return elements[currentIndex]
    }

    private func detachedNext(_ type: Any.Type) throws -> JSONValueDecoderState {
        state.detached(value: try next(type), at: .index(currentIndex), depth: depth)
    }

    private mutating func scalar<T: JSONScalar>(_ type: T.Type) throws -> T {
        let value = try state.decodeScalar(type, from: next(type), at: .index(currentIndex), depth: depth)
        currentIndex += 1
        return value
    }
}
