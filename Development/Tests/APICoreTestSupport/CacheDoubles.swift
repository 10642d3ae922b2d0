import APICoreCache
import Foundation

@testable import APICoreJSON

/// A clock for a ``CacheStore`` that moves only when the test says so.
public final class ManualDate: Sendable {
    private let date = Lock(Date(timeIntervalSince1970: 1_700_000_000))

    public init() {}

    /// The current time.
    public var now: Date { date.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Records that read as empty and cannot be written, as a full disk would.
public struct FailingWritesCache: NormalizedCache {
    public init() {}

    public func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] { [:] }
    public func merge(_ records: RecordSet) throws(CacheError) -> Set<CacheFieldID> {
        throw CacheError(.storage, reason: "disk full")
    }
    public func removeRecords(_ keys: Set<CacheKey>) throws(CacheError) -> Set<CacheFieldID> { [] }
    public func removeField(_ field: CacheFieldID) throws(CacheError) -> Bool { false }
    public func allKeys() throws(CacheError) -> Set<CacheKey> { [] }
    public func clear() throws(CacheError) {}
}
