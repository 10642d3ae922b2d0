import APICoreGraphQL

/// What the cache holds of an operation's data when some of it is missing (``CacheStore/readPartial(_:)``).
///
/// Each missing or expired field reads as `null`; a `null` in a field that may not be null goes up to the nearest
/// field or list element that may be, as a server's field error would, so the value decodes into the generated types
/// with those parents `nil`. When nothing on the way to the root may be null, there is no value, only the misses.
public struct CachePartialRead<Value: Sendable>: Sendable {
    /// The data the cache holds, with the missing parts `nil`; `nil` when too little is there to build it.
    public let value: Value?
    /// Each miss (``CacheError/Code/missingField``, ``CacheError/Code/missingRecord`` or ``CacheError/Code/expired``)
    /// with its record, field and response path, in the order the read met them; empty when nothing is missing.
    public let misses: [CacheError]
    /// The fields a permissive read (``CacheFreshness/permissive(maxStale:)``) served after they expired.
    public let staleFields: [CacheStaleField]
    /// The server's errors the cache holds for fields the read met, at their paths (``CacheRead/fieldErrors``).
    public let fieldErrors: [GraphQLError]

    /// A partial read's result.
    public init(
        value: Value?, misses: [CacheError], staleFields: [CacheStaleField] = [], fieldErrors: [GraphQLError] = []
    ) {
        self.value = value
        self.misses = misses
        self.staleFields = staleFields
        self.fieldErrors = fieldErrors
    }

    /// The response paths of the missing fields.
    public var missingPaths: [ResponsePath] { misses.map(\.path) }

    /// Whether everything was there.
    public var isComplete: Bool { misses.isEmpty && value != nil }

    /// The stored field errors, then the misses as GraphQL errors at their paths with the extension `code`
    /// `CACHE_MISS`: how a partial cache answer reports them beside its data.
    public var errors: [GraphQLError] {
        fieldErrors
            + misses.map { miss in
                GraphQLError(
                    message: "missing from the cache (\(miss.code.rawValue))", path: miss.path,
                    extensions: ["code": .string(CacheDataReader.missErrorCode)])
            }
    }
}
