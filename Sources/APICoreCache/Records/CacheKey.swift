import APICoreGraphQL

/// The key of one record of the normalized cache: `Human:1000` for an object with an identity, or the path from its
/// root (`QUERY_ROOT.hero(episode:"JEDI")`) for one without.
public struct CacheKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key's text, as stored.
    public let rawValue: String
    /// The text's hash, computed once: a key is hashed in every record set, store and watcher it passes through, and
    /// hashing a long key's text each time costs more than the rest of the lookup.
    private let textHash: Int

    /// A key with the given text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        textHash = rawValue.hashValue
    }

    /// A key with the text of a string literal: `"Human:1000"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Keys are equal when their texts are.
    public static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
        lhs.textHash == rhs.textHash && lhs.rawValue == rhs.rawValue
    }

    /// Hashes the text's hash, computed when the key was made.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
    }

    /// The record holding the fields of the `Query` type.
    public static let queryRoot = CacheKey("QUERY_ROOT")
    /// The record holding the fields of the `Mutation` type.
    public static let mutationRoot = CacheKey("MUTATION_ROOT")
    /// The record holding the fields of the `Subscription` type.
    public static let subscriptionRoot = CacheKey("SUBSCRIPTION_ROOT")

    /// The root record of an operation type.
    public static func root(of operationType: GraphQLOperationType) -> CacheKey {
        switch operationType {
        case .query: queryRoot
        case .mutation: mutationRoot
        case .subscription: subscriptionRoot
        }
    }

    /// The roots garbage collection starts from.
    public static let roots: [CacheKey] = [queryRoot, mutationRoot, subscriptionRoot]

    /// The key of an object without an identity, stored under its parent's field.
    public func appending(field storageKey: String) -> CacheKey {
        CacheKey(rawValue + "." + storageKey)
    }

    /// The key of an element of a list of objects without identity.
    public func appending(index: Int) -> CacheKey {
        CacheKey(rawValue + "." + String(index))
    }

    /// The key `Typename:identity` of an object with an identity, written in one allocation.
    init(typename: String, identity: String) {
        var typename = typename
        var identity = identity
        let text = String(unsafeUninitializedCapacity: typename.utf8.count + 1 + identity.utf8.count) { buffer in
            let count = typename.withUTF8 { Self.write($0, into: buffer, at: 0) }
            buffer[count] = UInt8(ascii: ":")
            return identity.withUTF8 { Self.write($0, into: buffer, at: count + 1) }
        }
        self.init(text)
    }

    /// The key `self.field.index...`, the text ``appending(field:)`` and then ``appending(index:)`` for each index
    /// make, written in one allocation: the normalizer keys every object without an identity so, and those keys run
    /// long (`QUERY_ROOT.repository(...).issues(...).nodes.12`), where appending part by part grows the text each time.
    func appending(field: String, indexes: [Int]) -> CacheKey {
        var base = rawValue
        var field = field
        // An index takes at most 20 bytes (a sign and 19 digits), and its dot one more.
        let capacity = base.utf8.count + 1 + field.utf8.count + 21 * indexes.count
        let text = String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = base.withUTF8 { Self.write($0, into: buffer, at: 0) }
            buffer[count] = UInt8(ascii: ".")
            count = field.withUTF8 { Self.write($0, into: buffer, at: count + 1) }
            for index in indexes {
                buffer[count] = UInt8(ascii: ".")
                count = Self.write(decimal: index, into: buffer, at: count + 1)
            }
            return count
        }
        return CacheKey(text)
    }

    /// Copies `bytes` into `buffer` at `offset`; returns the offset after them.
    private static func write(
        _ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
        (target + offset).initialize(from: source, count: bytes.count)
        return offset + bytes.count
    }

    /// Writes `value` in decimal, as `String(value)` does, into `buffer` at `offset`; returns the offset after it.
    private static func write(
        decimal value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        var offset = offset
        if value < 0 {
            buffer[offset] = UInt8(ascii: "-")
            offset += 1
        }
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var remaining = value.magnitude
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        return offset + digits
    }

    /// The key's text, as stored.
    public var description: String { rawValue }

    /// Orders keys by their text, for sorted, reproducible lists of keys.
    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
