import APICoreGraphQL

/// The state of one ``JSONReader/read(_:)-(UnsafeRawBufferPointer)`` call: a cursor over the input bytes and the
/// stacks of the arrays and objects that are open at the cursor.
///
/// The parser is iterative rather than recursive: nesting lives on heap-allocated stacks, so a deeply nested input
/// cannot overflow the thread's stack whatever ``JSONReader/Options/maximumDepth`` allows. Each value is parsed by
/// the loop in ``parseDocument()``; a finished value is pushed onto the stack of its enclosing container, and closing
/// a container moves its elements off that stack into an exactly sized array.
struct JSONParser: ~Copyable {
    /// An array or object that has been opened and not yet closed.
    struct Container {
        /// Whether the container is an object rather than an array.
        var isObject: Bool
        /// The height of the value stack when the container was opened.
        var valueStart: Int
        /// The height of the key stack when the container was opened.
        var keyStart: Int
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let maximumDepth: Int
    var position = 0

    var containers = JSONMoveStack<Container>(capacity: 32)
    var values = JSONMoveStack<JSONValue>(capacity: 256)
    var keys = JSONMoveStack<String>(capacity: 128)
    var keyFingerprints = JSONMoveStack<UInt64>(capacity: 128)

    /// Decoded bytes of the string being read, used only for strings that contain escapes.
    var scratch = JSONByteBuffer(capacity: 256)

    /// Short strings read so far, to share rather than decode again.
    let strings: JSONStringCache

    /// Member names of objects read so far, to share between objects with the same names; `nil` for a small input.
    var shapes: JSONKeyShapeCache?

    init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.base = base
        self.count = count
        self.maximumDepth = maximumDepth
        // A small input would spend more on a large cache than it saves: filling and emptying the entries, or
        // allocating a shape cache at all, costs a response of a few hundred bytes more than reading it.
        strings = JSONStringCache(bits: count < 512 ? 3 : count < 4096 ? 6 : 10)
        shapes = count < 512 ? nil : JSONKeyShapeCache(bits: count < 4096 ? 4 : 8)
    }

    /// Reads the whole input as one JSON value surrounded by optional whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < count else {
            throw JSONParseError(offset: position, reason: .emptyInput, expectation: .value)
        }
        parsing: while true {
            // The cursor is at the first byte of a value; whitespace before it has been skipped. The value goes
            // onto the value stack, where its container collects it; the document's value is the last one left.
            guard position < count else { throw truncated(expecting: .value) }
            switch base[position] {
            case UInt8(ascii: "\""):
                values.push(.string(try parseString()))
            case UInt8(ascii: "{"):
                guard try enterContainer(isObject: true, closer: UInt8(ascii: "}")) else {
                    try parseMemberName()
                    continue parsing
                }
                values.push(.object(JSONObject()))
            case UInt8(ascii: "["):
                guard try enterContainer(isObject: false, closer: UInt8(ascii: "]")) else { continue parsing }
                values.push(.array([]))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values.push(try parseNumber())
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                values.push(.bool(true))
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                values.push(.bool(false))
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                values.push(.null)
            case let byte:
                throw JSONParseError(offset: position, reason: .unexpectedByte(byte), expectation: .value)
            }

            // A value is complete. Close containers, each becoming a value of the one around it, until one expects
            // another value.
            while containers.count > 0 {
                let container = containers.last
                skipWhitespace()
                guard position < count else {
                    throw truncated(expecting: container.isObject ? .commaOrBrace : .commaOrBracket)
                }
                let byte = base[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if container.isObject { try parseMemberName() }
                    continue parsing
                }
                if container.isObject {
                    guard byte == UInt8(ascii: "}") else {
                        throw JSONParseError(
                            offset: position, reason: .unexpectedByte(byte), expectation: .commaOrBrace)
                    }
                    position += 1
                    let object = closeObject(container)
                    containers.removeLast()
                    values.push(.object(object))
                } else {
                    guard byte == UInt8(ascii: "]") else {
                        throw JSONParseError(
                            offset: position, reason: .unexpectedByte(byte), expectation: .commaOrBracket)
                    }
                    position += 1
                    let elements = values.popArray(from: container.valueStart, placeholder: .null)
                    containers.removeLast()
                    values.push(.array(elements))
                }
            }
            skipWhitespace()
            guard position == count else {
                throw JSONParseError(offset: position, reason: .trailingData, expectation: .nothing)
            }
            return values.popLast()
        }
    }

    /// Reads `"name"` and the `:` after it, leaving the cursor at the member's value.
    /// Steps over the `{` or `[` at the cursor. Returns `true` for an empty container (its `closer` follows and has
    /// been consumed); otherwise pushes the container, whose members come next, and returns `false`.
    @inline(__always)
    private mutating func enterContainer(isObject: Bool, closer: UInt8) throws(JSONParseError) -> Bool {
        try checkDepth()
        position += 1
        skipWhitespace()
        if position < count && base[position] == closer {
            position += 1
            return true
        }
        containers.push(Container(isObject: isObject, valueStart: values.count, keyStart: keys.count))
        return false
    }

    private mutating func parseMemberName() throws(JSONParseError) {
        guard position < count else { throw truncated(expecting: .memberName) }
        let byte = base[position]
        guard byte == UInt8(ascii: "\"") else {
            throw JSONParseError(offset: position, reason: .unexpectedByte(byte), expectation: .memberName)
        }
        try parseKey()
        skipWhitespace()
        guard position < count else { throw truncated(expecting: .colon) }
        let colon = base[position]
        guard colon == UInt8(ascii: ":") else {
            throw JSONParseError(offset: position, reason: .unexpectedByte(colon), expectation: .colon)
        }
        position += 1
        skipWhitespace()
    }

    /// Fails when opening one more array or object would exceed the depth limit.
    @inline(__always)
    private func checkDepth() throws(JSONParseError) {
        guard containers.count < maximumDepth else {
            throw JSONParseError(offset: position, reason: .tooDeep(limit: maximumDepth), expectation: .nothing)
        }
    }

    /// Advances the cursor past JSON whitespace: space, tab, line feed and carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        var index = position
        while index < count {
            let byte = base[index]
            // No byte above the space is whitespace, so the usual case, a token, costs one comparison.
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index &+= 1
        }
        position = index
    }

    /// The error for input that ends while the parser expects more.
    func truncated(expecting expectation: JSONParseError.Expectation) -> JSONParseError {
        JSONParseError(offset: count, reason: .unexpectedEnd, expectation: expectation)
    }
}
