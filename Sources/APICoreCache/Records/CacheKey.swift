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

    /// The key's text, as stored.
    public var description: String { rawValue }

    /// Orders keys by their text, for sorted, reproducible lists of keys.
    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
