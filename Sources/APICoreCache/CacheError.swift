import APICoreGraphQL

/// What went wrong reading or writing the normalized cache.
///
/// A miss says exactly what is missing: the record's key, the field's storage key and the response path at which the
/// read needed it, so a partial cache hit can be diagnosed from the error alone.
public struct CacheError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The kind of failure; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// A code with the given name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A record the read needed is not in the cache.
        public static let missingRecord = Code("missingRecord")
        /// A record is there but one of the fields the read needs is not.
        public static let missingField = Code("missingField")
        /// The field is there but its time to live has passed.
        public static let expired = Code("expired")
        /// The cached values do not decode as the requested types (the schema or the operation changed).
        public static let decoding = Code("decoding")
        /// Data written to the cache does not match the selections it is written for.
        public static let invalidData = Code("invalidData")
        /// The storage under the cache failed (a SQLite error, for example).
        public static let storage = Code("storage")
        /// A write holds more records than the store's ``CacheStore/maximumRecordsPerWrite``; nothing was written.
        public static let tooLarge = Code("tooLarge")
        /// A stored record could not be read back.
        public static let corruptRecord = Code("corruptRecord")
        /// The cache holds the server's error for a field (``RecordValue/error(_:)``) whose `null` reaches the root of
        /// what was read: nothing of it can be built, as the server's response had no data.
        public static let fieldError = Code("fieldError")

        /// The code's name, such as `missingField`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The record involved, if any.
    public let key: CacheKey?
    /// The field's storage key, for misses and expiry.
    public let field: String?
    /// Where in the requested data the failure is.
    public let path: ResponsePath
    /// More detail; never contains field values.
    public let reason: String?
    /// The error underneath, such as a decoding or SQLite error.
    public let underlying: (any Error)?

    /// An error.
    public init(
        _ code: Code,
        key: CacheKey? = nil,
        field: String? = nil,
        path: ResponsePath = ResponsePath(),
        reason: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.key = key
        self.field = field
        self.path = path
        self.reason = reason
        self.underlying = underlying
    }

    /// Whether the error is a miss (missing or expired), which a cache policy answers by going to the network.
    public var isMiss: Bool { code == .missingRecord || code == .missingField || code == .expired }

    /// The code, record key, field, response path and reason, as far as known; never field values.
    public var description: String {
        var text = "cache \(code.rawValue)"
        if let key { text += " for record \(key.rawValue)" }
        if let field { text += " field \(field)" }
        if !path.isEmpty { text += " at \(path)" }
        if let reason { text += ": \(reason)" }
        return text
    }

    /// The description followed by the underlying error as `String(reflecting:)` renders it, which may hold more
    /// detail.
    public var debugDescription: String {
        guard let underlying else { return description }
        return description + " (\(String(reflecting: underlying)))"
    }
}
