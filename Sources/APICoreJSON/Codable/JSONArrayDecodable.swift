/// Arrays, which the decoder fills from the JSON array directly: with their capacity reserved up front, rather than
/// grown one element at a time through an unkeyed container as `Array.init(from:)` does.
protocol JSONArrayDecodable {
    /// Decodes the array from the JSON array on top of the decoder's stack.
    init(decodingElementsWith state: JSONValueDecoderState) throws
}

extension Array: JSONArrayDecodable where Element: Decodable {
    init(decodingElementsWith state: JSONValueDecoderState) throws {
        guard case .array(let elements) = state.currentValue else {
            throw JSONCodingErrors.typeMismatch(
                [Any].self, expected: "array", found: state.currentValue, codingPath: state.codingPath)
        }
        self.init()
        reserveCapacity(elements.count)
        let depth = state.depth
        for (index, element) in elements.enumerated() {
            append(try state.decode(Element.self, from: element, at: .index(index), depth: depth))
        }
    }
}
