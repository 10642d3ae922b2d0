import APICoreCache
import APICoreGraphQL
import Testing

/// The bound on how many records one write may hold.
@Suite("Cache bounds")
struct CacheBoundsTests {
    private func records(_ count: Int) -> RecordSet {
        RecordSet(
            (0..<count).map { index in
                var record = Record(key: CacheKey("Item:\(index)"))
                record.fields["id"] = .value(.string("\(index)"))
                return record
            })
    }

    @Test("a write over the limit fails with tooLarge and writes nothing, not even its first records")
    func overTheLimit() throws {
        let store = CacheStore(maximumRecordsPerWrite: 10)
        #expect(throws: CacheError.self) { try store.publish(records(11)) }
        do {
            try store.publish(records(11))
        } catch {
            #expect(error.code == .tooLarge)
            #expect(error.reason == "a write of 11 records, more than the limit of 10; nothing written")
        }
        #expect(try store.cache.allKeys().isEmpty)
    }

    @Test("a write at the limit goes through, and so does any write without a limit")
    func atTheLimit() throws {
        let store = CacheStore(maximumRecordsPerWrite: 10)
        try store.publish(records(10))
        #expect(try store.cache.allKeys().count == 10)

        let unbounded = CacheStore(maximumRecordsPerWrite: nil)
        try unbounded.publish(records(1_000))
        #expect(try unbounded.cache.allKeys().count == 1_000)
    }

    @Test("the default limit is 100,000 records")
    func defaultLimit() {
        #expect(CacheStore().maximumRecordsPerWrite == 100_000)
    }

    @Test("replacing an optimistic layer with too many records fails and keeps the layer for the caller to roll back")
    func optimisticReplacement() throws {
        let store = CacheStore(maximumRecordsPerWrite: 2)
        let layer = try store.addOptimisticLayer { transaction throws(CacheError) in try transaction.merge(records(1)) }
        #expect(throws: CacheError.self) {
            _ = try store.addOptimisticLayer { transaction throws(CacheError) in try transaction.merge(records(3)) }
        }
        #expect(throws: CacheError.self) { try store.replaceOptimisticLayer(layer, with: records(3)) }
        #expect(store.optimisticLayerCount == 1)
    }
}
