import APICoreGraphQL

/// Writes a `JSONValue` as compact or indented JSON text in UTF-8.
///
/// The output is valid JSON that ``JSONReader`` reads back to an equal value, with two exceptions: JSON has no
/// representation of infinity or NaN, so a non-finite `JSONValue.double(_:)` is written as `null`; and a
/// `JSONValue.numberText(_:)` built with digits that a double or an `Int64` holds reads back as that kind, as the
/// reader keeps text only for numbers they do not hold.
///
/// - Strings: `"`, `\` and control characters are escaped (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`); every
///   other character, including non-ASCII ones, is written as its UTF-8 bytes.
/// - Numbers: integers are written exactly; doubles use the shortest text that reads back to the same value, always
///   with a fraction or an exponent, so that they read back as doubles rather than integers; a number kept as text
///   (`JSONValue.numberText(_:)`) is written as it is, so its digits survive.
/// - Objects keep their member order unless ``Options/sortsKeys`` is set.
///
/// The writer keeps track of nesting on the heap, so even a deeply nested value cannot overflow the thread's stack.
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

    /// Appends the JSON text of an object with `members`, leaving out those whose value is `nil`, as UTF-8 bytes to
    /// `buffer`: the same text as writing a `JSONObject` of them, for a small object built from values the caller
    /// already holds (a request's body), without building the object first. The names must be distinct.
    package func writeObject(_ members: KeyValuePairs<String, JSONValue?>, into buffer: inout [UInt8]) {
        precondition(
            members.indices.allSatisfy { index in
                !members[..<index].contains { $0.key == members[index].key }
            }, "an object's member names must be distinct")
        guard !options.sortsKeys, !options.prettyPrinted else {
            let present = members.compactMap { member in member.value.map { (member.key, $0) } }
            write(.object(JSONObject(present)), into: &buffer)
            return
        }
        buffer.append(UInt8(ascii: "{"))
        var isFirst = true
        for (name, value) in members {
            guard let value else { continue }
            if !isFirst { buffer.append(UInt8(ascii: ",")) }
            isFirst = false
            appendString(name, to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            write(value, into: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Appends the JSON text of `value` as UTF-8 bytes to `buffer`.
    public func write(_ value: JSONValue, into buffer: inout [UInt8]) {
        var open: [Container] = []
        var value = value
        while true {
            // Write `value`, or the start of it and its first element or member.
            switch value {
            case .null: appendASCII("null", to: &buffer)
            case .bool(true): appendASCII("true", to: &buffer)
            case .bool(false): appendASCII("false", to: &buffer)
            case .int(let integer): appendInteger(integer, to: &buffer)
            case .double(let double): appendDouble(double, to: &buffer)
            case .numberText(let text): appendNumberText(text, to: &buffer)
            case .string(let string): appendString(string, to: &buffer)
            case .array(let elements) where elements.isEmpty: appendASCII("[]", to: &buffer)
            case .object(let object) where object.isEmpty: appendASCII("{}", to: &buffer)
            case .array(let elements):
                buffer.append(UInt8(ascii: "["))
                open.append(Container(keys: nil, values: elements, order: nil))
                value = nextElement(of: &open[open.count - 1], depth: open.count, to: &buffer)
                continue
            case .object(let object):
                buffer.append(UInt8(ascii: "{"))
                let keys = object.keys
                let order = options.sortsKeys ? keys.indices.sorted { keys[$0] < keys[$1] } : nil
                open.append(Container(keys: keys, values: object.values, order: order))
                value = nextElement(of: &open[open.count - 1], depth: open.count, to: &buffer)
                continue
            }
            // The value is complete: close the containers it completes, then go on with the next element.
            while let container = open.last, container.isComplete {
                open.removeLast()
                appendLineBreak(depth: open.count, to: &buffer)
                buffer.append(container.keys == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
            }
            guard !open.isEmpty else { return }
            buffer.append(UInt8(ascii: ","))
            value = nextElement(of: &open[open.count - 1], depth: open.count, to: &buffer)
        }
    }

    /// An array or object whose elements or members are being written.
    ///
    /// The writer keeps open containers on the heap rather than recursing, so the depth of a value does not
    /// matter to the thread's stack.
    private struct Container {
        /// The member names, or `nil` for an array.
        var keys: [String]?
        var values: [JSONValue]
        /// The positions of the members in the order to write them, when it is not their stored order.
        var order: [Int]?
        /// How many elements or members have been started.
        var written = 0

        var isComplete: Bool { written == values.count }
    }

    /// Starts the next element or member of `container` and returns its value; for a member, the name is written.
    private func nextElement(of container: inout Container, depth: Int, to buffer: inout [UInt8]) -> JSONValue {
        let position = container.order?[container.written] ?? container.written
        container.written += 1
        appendLineBreak(depth: depth, to: &buffer)
        if let keys = container.keys {
            appendString(keys[position], to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            if options.prettyPrinted { buffer.append(UInt8(ascii: " ")) }
        }
        return container.values[position]
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
