import APICoreCache
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreGraphQL
@testable import APICoreJSON

/// The store under reads from many tasks at once, against a real SQLite file (alone and behind the memory cache) and
/// the memory cache: reads go on while a write holds the writer, and no read ever sees part of a write.
@Suite("Cache store: concurrent reads and writes", .timeLimit(.minutes(10)))
struct CacheStoreConcurrencyTests {
    /// The caches a store can sit on.
    enum Kind: String, CaseIterable, Sendable {
        case memory, sqlite, chained

        func make(in directory: TemporaryDirectory) throws -> any NormalizedCache {
            switch self {
            case .memory: InMemoryNormalizedCache()
            case .sqlite: try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite"))
            case .chained:
                ChainedNormalizedCache(
                    front: InMemoryNormalizedCache(maxRecords: 6),
                    back: try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite")))
            }
        }
    }

    static let keys = (0..<10).map { CacheKey("Item:\($0)") }

    /// Write number `version`: every item carries it, so a read that sees two versions has seen part of a write;
    /// the root lists the items, for ``VersionQuery``.
    static func batch(_ version: Int) -> RecordSet {
        RecordSet(
            keys.map { Record(key: $0, fields: ["version": .value(.int(Int64(version)))]) } + [
                Record(key: .queryRoot, fields: ["items": .list(keys.map { .reference($0) })])
            ])
    }

    /// The versions one read finds, item by item (`nil` for an item not there).
    static func versions(in store: CacheStore) throws -> [Int64?] {
        try store.withReadTransaction { transaction throws(CacheError) in
            try keys.map { key throws(CacheError) -> Int64? in
                guard case .value(.int(let version))? = try transaction.record(for: key)?.fields["version"] else {
                    return nil
                }
                return version
            }
        }
    }

    /// Waits, off the concurrency pool, until `condition` holds or `limit` passes; `false` if it never held. A bound
    /// on a hang, not a measurement: the tests pass as soon as the condition holds.
    static func wait(for semaphore: DispatchSemaphore, upTo limit: Duration = .seconds(120)) async -> Bool {
        // A thread of its own: a global dispatch queue would block one of the cooperative pool's threads on Linux.
        (try? await onDedicatedThread {
            semaphore.wait(timeout: .now() + Double(limit.components.seconds)) == .success
        }) ?? false
    }

    @Test(
        "eight readers finish while a write holds the writer, and see the records before it", arguments: Kind.allCases)
    func readersProceedDuringAWrite(kind: Kind) async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(cache: try kind.make(in: directory))
        try store.publish(Self.batch(1))
        let writing = DispatchSemaphore(value: 0)
        let readersDone = DispatchSemaphore(value: 0)
        // On a thread of its own: a write blocked on a semaphore must not hold one of the concurrency pool's threads.
        let writer = Task {
            try await onDedicatedThread {
                try store.withReadWriteTransaction { transaction throws(CacheError) in
                    for key in Self.keys { transaction.update(key, fields: ["version": .value(.int(2))]) }
                    writing.signal()
                    // Held until the readers are done: readers that waited for the writer would never get here.
                    return readersDone.wait(timeout: .now() + 120) == .success
                }
            }
        }
        #expect(await Self.wait(for: writing))
        let seen = try await withThrowingTaskGroup(of: [Int64?].self) { group in
            for _ in 0..<8 { group.addTask { try Self.versions(in: store) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        readersDone.signal()
        #expect(try await writer.value, "the readers did not finish while the write held the writer")
        #expect(seen == Array(repeating: Array(repeating: 1, count: Self.keys.count), count: 8))
        #expect(try Self.versions(in: store) == Array(repeating: 2, count: Self.keys.count))
    }

    @Test(
        "no read sees part of a write, a layer's replacement or a clear, whatever the timing",
        arguments: Kind.allCases)
    func readsSeeWholeWrites(kind: Kind) async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(cache: try kind.make(in: directory))
        try store.publish(Self.batch(0))
        let finished = Lock(false)
        // The writer and the readers never suspend, so each runs on a thread of its own, not on the concurrency
        // pool's few threads, which the tests running beside this one need.
        let writer = Task {
            try await onDedicatedThread {
                defer { finished.withLock { $0 = true } }
                try Self.writeRandomly(to: store)
            }
        }
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for reader in 0..<6 {
                group.addTask {
                    try await onDedicatedThread {
                        var failures: [String] = []
                        while !finished.withLock({ $0 }) {
                            let versions = try Self.versions(in: store)
                            if Set(versions).count != 1 { failures.append("reader \(reader) saw \(versions)") }
                        }
                        return failures
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        try await writer.value
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    /// 2,000 seeded writes: mostly whole batches, some as an optimistic layer replaced by the server's batch, some
    /// evictions of every item, some clears.
    static func writeRandomly(to store: CacheStore) throws {
        var generator = SeededGenerator(seed: 0x5EED_CAFE)
        for version in 1...2_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                // The optimistic value, then the server's, each for every item at once.
                let layer = try store.addOptimisticLayer { transaction throws(CacheError) in
                    for key in Self.keys { transaction.update(key, fields: ["version": .value(.int(-1))]) }
                }
                try store.replaceOptimisticLayer(layer, with: Self.batch(version))
            case 1:
                try store.evict(Set(Self.keys))
            case 2:
                try store.clear()
            default:
                try store.publish(Self.batch(version))
            }
        }
    }

    @Test("awaited loads run on the cache's own threads and see whole writes", arguments: Kind.allCases)
    func loadsSeeWholeWrites(kind: Kind) async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(cache: try kind.make(in: directory))
        try store.publish(Self.batch(0))
        let query = VersionQuery()
        let finished = Lock(false)
        let writer = Task {
            try await onDedicatedThread {
                defer { finished.withLock { $0 = true } }
                for version in 1...200 { try store.publish(Self.batch(version)) }
            }
        }
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var failures: [String] = []
                    while !finished.withLock({ $0 }) {
                        // A load from memory does not suspend: let the tasks beside this one run.
                        await Task.yield()
                        let data = try await store.load(query)
                        let versions = Set(data.items.map(\.version))
                        if versions.count != 1 { failures.append("saw \(versions.sorted())") }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        try await writer.value
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try await store.load(query).items.map(\.version) == Array(repeating: 200, count: Self.keys.count))
    }
}

/// How watchers learn of writes: they read again after the writer has gone on, and writes that land before a
/// watcher's read give it one read.
@Suite("Cache store: watchers re-read after writes, coalesced", .timeLimit(.minutes(10)))
struct WatchCoalescingTests {
    typealias Kind = CacheStoreConcurrencyTests.Kind

    @Test(
        "ten writes while a watcher's re-read waits give it one more read, which emits the last write; no write waits for it"
    )
    func burstCoalesces() async throws {
        let directory = try TemporaryDirectory()
        let cache = GatedReadsCache(try SQLiteNormalizedCache(fileURL: directory.file("cache.sqlite")))
        let store = CacheStore(cache: cache)
        try store.publish(CacheStoreConcurrencyTests.batch(0))
        var changes = store.watch(VersionQuery()).makeAsyncIterator()
        #expect(try await changes.next()?.get().items.map(\.version).first == 0)

        cache.close()
        try store.publish(CacheStoreConcurrencyTests.batch(1))
        // The watcher's re-read has started and waits at the gate; the writes go on without it.
        await cache.waitForBlockedRead()
        for version in 2...10 { try store.publish(CacheStoreConcurrencyTests.batch(version)) }
        cache.open()
        #expect(try await changes.next()?.get().items.map(\.version) == Array(repeating: 10, count: 10))
        await store.waitForWatchers()
        #expect(store.watcherReadCount == 2, "the first read and one read for the ten writes")

        // Nothing else was emitted for the burst: the next result is the next write's.
        try store.publish(CacheStoreConcurrencyTests.batch(11))
        #expect(try await changes.next()?.get().items.map(\.version).first == 11)
    }

    @Test(
        "a watcher under 200 writes from another thread emits whole writes only, in order, ending on the last",
        arguments: Kind.allCases)
    func watcherEndsOnTheLastWrite(kind: Kind) async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(cache: try kind.make(in: directory))
        try store.publish(CacheStoreConcurrencyTests.batch(0))
        let watch = store.watch(VersionQuery())
        let seen = Task {
            var seen: [Set<Int>] = []
            for await result in watch {
                let versions = Set(try result.get().items.map(\.version))
                seen.append(versions)
                if versions == [200] { break }
            }
            return seen
        }
        try await onDedicatedThread {
            for version in 1...200 { try store.publish(CacheStoreConcurrencyTests.batch(version)) }
        }
        let emitted = try await seen.value
        #expect(
            emitted.allSatisfy { $0.count == 1 }, "a watcher saw part of a write: \(emitted.filter { $0.count != 1 })")
        let versions = emitted.compactMap(\.first)
        #expect(versions == versions.sorted() && Set(versions).count == versions.count, "\(versions)")
        #expect(versions.last == 200)
        await store.waitForWatchers()
        #expect(store.watcherReadCount <= 201)
    }
}

/// What a write costs among many watchers of a real file: found through the index, not by testing each one.
@Suite("Cache store: 10,000 watchers over each cache", .cpuBound, .timeLimit(.minutes(10)))
struct WatchScaleOverEachCacheTests {
    typealias Kind = CacheStoreConcurrencyTests.Kind
    private typealias Item = VersionQuery.Data.Item

    static func item(_ index: Int, version: Int) -> Record {
        Record(
            key: CacheKey("Item:\(index)"),
            fields: ["__typename": .value(.string("Item")), "version": .value(.int(Int64(version)))])
    }

    @Test(
        "of 10,000 watchers, a write re-reads only the one that reads the field it changed, which emits it",
        arguments: [Kind.sqlite, .chained])
    func tenThousandWatchersOneAffected(kind: Kind) async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(cache: try kind.make(in: directory))
        try store.publish(RecordSet((0..<10_000).map { Self.item($0, version: 0) }))
        let watches = (0..<10_000).map { store.watch(Item.self, key: CacheKey("Item:\($0)")) }
        #expect(store.watcherReadCount == 10_000)

        try store.publish(RecordSet([Self.item(4321, version: 1)]))
        await store.waitForWatchers()
        #expect(store.watcherReadCount == 10_001, "a write re-read watchers whose fields it did not change")
        var changes = watches[4321].makeAsyncIterator()
        #expect(try await changes.next()?.get().version == 0)
        #expect(try await changes.next()?.get().version == 1)

        // A field nobody reads, and a record nobody watches: no re-read at all.
        try store.withReadWriteTransaction { transaction in
            transaction.update(CacheKey("Item:7"), fields: ["name": .value(.string("Seven"))])
            transaction.update(CacheKey("Item:10001"), fields: ["version": .value(.int(5))])
        }
        await store.waitForWatchers()
        #expect(store.watcherReadCount == 10_001)
        withExtendedLifetime(watches) {}
    }
}

/// A SQLite cache whose awaited reads, the ones watchers re-read with, wait while its gate is closed: a read held
/// at a known point, which no timing can give.
private final class GatedReadsCache: NormalizedCache {
    private let base: SQLiteNormalizedCache
    private let gate = Lock<
        (closed: Bool, blocked: [CheckedContinuation<Void, Never>], watchers: [CheckedContinuation<Void, Never>])
    >((false, [], []))

    init(_ base: SQLiteNormalizedCache) {
        self.base = base
    }

    func close() {
        gate.withLock { $0.closed = true }
    }

    func open() {
        let blocked = gate.withLock { gate in
            gate.closed = false
            defer { gate.blocked = [] }
            return gate.blocked
        }
        for continuation in blocked { continuation.resume() }
    }

    /// Returns once a read waits at the gate.
    func waitForBlockedRead() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let blocked = gate.withLock { gate in
                if gate.blocked.isEmpty { gate.watchers.append(continuation) }
                return !gate.blocked.isEmpty
            }
            if blocked { continuation.resume() }
        }
    }

    func withConsistentReads<Value: Sendable>(
        _ body: @escaping @Sendable (any NormalizedCacheReader) throws(CacheError) -> Value
    ) async throws(CacheError) -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let watchers = gate.withLock { gate -> [CheckedContinuation<Void, Never>]? in
                guard gate.closed else { return nil }
                gate.blocked.append(continuation)
                defer { gate.watchers = [] }
                return gate.watchers
            }
            guard let watchers else { return continuation.resume() }
            for watcher in watchers { watcher.resume() }
        }
        return try await base.withConsistentReads(body)
    }

    func withConsistentReads<Value: Sendable>(
        _ body: (any NormalizedCacheReader) throws(CacheError) -> Value
    ) throws(CacheError) -> Value {
        try base.withConsistentReads(body)
    }

    var prefersBatchedLoads: Bool { base.prefersBatchedLoads }
    func loadRecords(_ keys: Set<CacheKey>) throws(CacheError) -> [CacheKey: Record] { try base.loadRecords(keys) }
    func merge(_ records: RecordSet) throws(CacheError) -> Set<CacheFieldID> { try base.merge(records) }
    func mergeUnobserved(_ records: RecordSet) throws(CacheError) { try base.mergeUnobserved(records) }
    func removeRecords(_ keys: Set<CacheKey>) throws(CacheError) -> Set<CacheFieldID> {
        try base.removeRecords(keys)
    }
    func removeField(_ field: CacheFieldID) throws(CacheError) -> Bool { try base.removeField(field) }
    func allKeys() throws(CacheError) -> Set<CacheKey> { try base.allKeys() }
    func clear() throws(CacheError) { try base.clear() }
}

/// `query Versions { items { version } }`, against a schema of its own.
private struct VersionQuery: GraphQLQuery {
    static let operationName = "Versions"
    static let document = "query Versions { items { version } }"

    var variables: JSONObject { JSONObject() }

    struct Data: GraphQLRootSelectionSet {
        static let __parentType = GraphQLParentType.object("Query")
        static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("items", .nonNull(.list(.nonNull(.object(Item.self))))))
        ]

        let __object: GraphQLCheckedObject

        var items: [Item] { __field("items") }

        struct Item: GraphQLSelectionSet {
            static let __parentType = GraphQLParentType.object("Item")
            static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("version", .nonNull(.scalar("Int")), leaf: Int.self))
            ]

            let __object: GraphQLCheckedObject

            var version: Int { __field("version") }
        }
    }
}
