/// Writes a ``JSONValue`` as compact or indented JSON text in UTF-8.
///
/// The output is valid JSON that ``JSONReader`` reads back to an equal value, with one exception: JSON has no
/// representation of infinity or NaN, so a non-finite ``JSONValue/double(_:)`` is written as `null`.
///
/// - Strings: `"`, `\` and control characters are escaped (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`); every
///   other character, including non-ASCII ones, is written as its UTF-8 bytes.
/// - Numbers: integers are written exactly; doubles use the shortest text that reads back to the same value, always
///   with a fraction or an exponent, so that they read back as doubles rather than integers.
/// - Objects keep their member order unless ``Options/sortsKeys`` is set.
///
/// The writer recurses once per level of nesting, which is safe for any value a ``JSONReader`` produces.
public struct JSONWriter: Sendable {
    /// How the text is laid out.
    public struct Options: Sendable, Hashable {
        /// Whether object members are written in ascending order of their names instead of their stored order.
        public var sortsKeys: Bool
        /// Whether the text is indented by two spaces per level, one member or element per line, with `": "` after
        /// member names; otherwise it has no whitespace at all.
        public var prettyPrinted: Bool
        /// Whether `/` is written as `\/`, which keeps `</script>` out of JSON embedded in HTML.
        public var escapesSlashes: Bool

        /// Options for compact, unsorted output unless told otherwise.
        public init(sortsKeys: Bool = false, prettyPrinted: Bool = false, escapesSlashes: Bool = false) {
            self.sortsKeys = sortsKeys
            self.prettyPrinted = prettyPrinted
            self.escapesSlashes = escapesSlashes
        }
    }

    /// How this writer lays out its text.
    public var options: Options

    /// A writer with the given options.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The JSON text of `value` as UTF-8 bytes.
    public func write(_ value: JSONValue) -> [UInt8] {
        var buffer: [UInt8] = []
        write(value, into: &buffer)
        return buffer
    }

    /// The JSON text of `value`.
    public func string(_ value: JSONValue) -> String {
        String(decoding: write(value), as: UTF8.self)
    }

    /// Appends the JSON text of `value` as UTF-8 bytes to `buffer`.
    public func write(_ value: JSONValue, into buffer: inout [UInt8]) {
        append(value, depth: 0, to: &buffer)
    }

    private func append(_ value: JSONValue, depth: Int, to buffer: inout [UInt8]) {
        switch value {
        case .null: appendASCII("null", to: &buffer)
        case .bool(true): appendASCII("true", to: &buffer)
        case .bool(false): appendASCII("false", to: &buffer)
        case .int(let integer): appendInteger(integer, to: &buffer)
        case .double(let double): appendDouble(double, to: &buffer)
        case .string(let string): appendString(string, to: &buffer)
        case .array(let elements): appendArray(elements, depth: depth, to: &buffer)
        case .object(let object): appendObject(object, depth: depth, to: &buffer)
        }
    }

    private func appendArray(_ elements: [JSONValue], depth: Int, to buffer: inout [UInt8]) {
        guard !elements.isEmpty else { return appendASCII("[]", to: &buffer) }
        buffer.append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            appendLineBreak(depth: depth + 1, to: &buffer)
            append(element, depth: depth + 1, to: &buffer)
        }
        appendLineBreak(depth: depth, to: &buffer)
        buffer.append(UInt8(ascii: "]"))
    }

    private func appendObject(_ object: JSONObject, depth: Int, to buffer: inout [UInt8]) {
        guard !object.isEmpty else { return appendASCII("{}", to: &buffer) }
        let keys = object.keys
        let values = object.values
        buffer.append(UInt8(ascii: "{"))
        var isFirst = true
        func appendMember(at position: Int) {
            if !isFirst { buffer.append(UInt8(ascii: ",")) }
            isFirst = false
            appendLineBreak(depth: depth + 1, to: &buffer)
            appendString(keys[position], to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            if options.prettyPrinted { buffer.append(UInt8(ascii: " ")) }
            append(values[position], depth: depth + 1, to: &buffer)
        }
        if options.sortsKeys {
            for position in keys.indices.sorted(by: { keys[$0] < keys[$1] }) { appendMember(at: position) }
        } else {
            for position in keys.indices { appendMember(at: position) }
        }
        appendLineBreak(depth: depth, to: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    /// In pretty-printed output, starts a new line indented for `depth`.
    @inline(__always)
    private func appendLineBreak(depth: Int, to buffer: inout [UInt8]) {
        guard options.prettyPrinted else { return }
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
