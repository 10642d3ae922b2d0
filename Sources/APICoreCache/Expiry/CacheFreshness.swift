import APICoreGraphQL
import Foundation

/// How a read of the cache treats fields past their time to live (``CacheExpiryPolicy``, a response's
/// `Cache-Control: max-age`).
///
/// A strict read treats a stale field as missing (``CacheError/Code/expired``), so a `cacheFirst` query goes to the
/// network for it. A permissive read returns it and lists it in the read's ``CacheRead/staleFields``, so a screen can
/// show what it has at once and say it may be out of date; `maxStale` bounds how long past its expiry a field is still
/// served.
public enum CacheFreshness: Sendable, Hashable {
    /// A field past its time to live is a miss. The default.
    case strict
    /// A field past its time to live is returned and marked stale, for at most `maxStale` after it expired (`nil`:
    /// however long ago); a field stale for longer is a miss.
    case permissive(maxStale: Duration? = nil)

    /// Whether a field that expired at `expiry` is served at `now`; only asked of a field whose `expiry <= now`.
    func serves(expiredAt expiry: Date, now: Date) -> Bool {
        switch self {
        case .strict:
            return false
        case .permissive(let maxStale):
            guard let maxStale else { return true }
            return now.timeIntervalSince(expiry) <= maxStale.seconds
        }
    }
}

/// A field a permissive read served after its time to live.
public struct CacheStaleField: Sendable, Hashable, CustomStringConvertible {
    /// The field of its record.
    public let field: CacheFieldID
    /// Where the field's value is in the data read.
    public let path: ResponsePath
    /// When it expired.
    public let expiredAt: Date

    /// A stale field.
    public init(field: CacheFieldID, path: ResponsePath, expiredAt: Date) {
        self.field = field
        self.path = path
        self.expiredAt = expiredAt
    }

    /// `Key.field at path, expired at date`.
    public var description: String { "\(field) at \(path), expired \(expiredAt)" }
}

/// What a read of the cache returned, with what of it is past its time to live (``CacheStore/read(_:freshness:)``).
public struct CacheRead<Value: Sendable>: Sendable {
    /// The data.
    public let value: Value
    /// The fields served after they expired, in the order the read met them; empty for a read whose data is fresh
    /// (and always for a strict read, which fails on them instead).
    public let staleFields: [CacheStaleField]
    /// The first moment a field the read served and that is still fresh expires; `nil` when none will.
    public let nextExpiry: Date?
    /// The server's errors the cache holds for fields the read met (``RecordValue/error(_:)``), at the paths the read
    /// met them: the data has `null` there, gone up to the nearest field that may be null, as in the server's
    /// response. Empty when the data holds none.
    public let fieldErrors: [GraphQLError]

    /// A read's result.
    public init(
        value: Value, staleFields: [CacheStaleField] = [], nextExpiry: Date? = nil, fieldErrors: [GraphQLError] = []
    ) {
        self.value = value
        self.staleFields = staleFields
        self.nextExpiry = nextExpiry
        self.fieldErrors = fieldErrors
    }

    /// Whether any of the data is past its time to live.
    public var isStale: Bool { !staleFields.isEmpty }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
