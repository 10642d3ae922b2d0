import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreSQLite
import Foundation
import Testing

/// A `Decimal` and a `UInt64` that a `Double` cannot hold, sent as JSON numbers, through generated code and the
/// normalized cache: every digit survives the network decode, the memory cache, and a SQLite file read back.
@Suite("Exact numbers through generated code and the cache", .cpuBound)
struct ExactNumbersCacheTests {
    static let price = "12345678901234567890.0123456789"
    static let response = """
        {"event": {"__typename": "Event", "at": "2024-02-29T18:24:43.5+05:30", "day": "2024-02-29", \
        "link": "https://example.com/", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", \
        "price": \(price), "payload": {"amount": 0.1000000000000000000001}, \
        "views": 18446744073709551615, "opaque": "kept"}}
        """

    @Test("digits a Double cannot hold survive the decode and a cache read", arguments: [false, true])
    func roundTrip(inSQLite: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        let query = EventQuery()
        let store = inSQLite ? CacheStore(cache: try SQLiteNormalizedCache(fileURL: file)) : CacheStore()
        let data = try #require(try JSONReader().read(Self.response).objectValue)
        let (network, records) = try store.decode(query, data: data)
        let event = try #require(network.event)
        #expect(event.price.description == Self.price)
        #expect(event.views == UInt64.max)
        #expect(event.payload["amount"] == .numberText("0.1000000000000000000001"))
        try store.publish(records)

        let cached = try #require(try store.read(query).event)
        #expect(cached == event)
        #expect(cached.price.description == Self.price)
        guard inSQLite else { return }
        // A second store on the same file has nothing in memory: the values come from the stored bytes.
        let reopened = CacheStore(cache: try SQLiteNormalizedCache(fileURL: file))
        let fromFile = try #require(try reopened.read(query).event)
        #expect(fromFile.price.description == Self.price)
        #expect(fromFile.views == UInt64.max)
        #expect(fromFile == event)
    }
}
