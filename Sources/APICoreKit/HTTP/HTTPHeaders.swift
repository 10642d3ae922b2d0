/// HTTP header fields: names compared without regard to case, order kept for the wire.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)]

    /// No fields.
    public init() {
        fields = []
    }

    /// Fields with the given names and values.
    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Fields from a dictionary literal, in the order written; repeated names are kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of the field named `name`; setting replaces every field of that name, `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            // Only when there is something to remove: removing from fields shared with a copy copies them first.
            if fields.contains(where: { $0.name.caseInsensitiveEquals(name) }) {
                fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// Makes room for `count` fields in all, so that adding up to that many allocates once.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Adds a field, keeping others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Whether a field of that name is present.
    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// An iterator over the fields as name-value pairs, in order.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    /// Header sets are equal when they hold the same fields in the same order, names compared without regard to case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.caseInsensitiveEquals($1.name) && $0.value == $1.value }
    }

    /// Hashes the fields in order, names lower-cased, so sets equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.utf8.count)
            for byte in field.name.utf8 { hasher.combine(byte.asciiLowercased) }
            hasher.combine(field.value)
        }
    }
}

extension String {
    /// Whether the two strings are equal ignoring ASCII case, as HTTP field names and media types compare (RFC 9110
    /// section 5.1); byte by byte, without allocating lower-cased copies. Non-ASCII letters are not folded.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let fast = utf8.withContiguousStorageIfAvailable { bytes in
            other.utf8.withContiguousStorageIfAvailable { otherBytes in
                for index in bytes.indices where bytes[index].asciiLowercased != otherBytes[index].asciiLowercased {
                    return false
                }
                return true
            }
        }
        if let fast = fast ?? nil { return fast }
        return utf8.elementsEqual(other.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension UInt8 {
    /// The byte with ASCII `A`-`Z` mapped to `a`-`z`.
    var asciiLowercased: UInt8 {
        self &- UInt8(ascii: "A") < 26 ? self | 0x20 : self
    }
}
