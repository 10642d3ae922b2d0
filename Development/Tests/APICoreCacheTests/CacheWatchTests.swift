import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Testing

@Suite("Watchers", .timeLimit(.minutes(10)))
struct CacheWatchTests {
    @Test("a mutation re-emits exactly the watchers whose data changed")
    func mutationReemitsAffectedWatchers() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        try CacheTestData.writeUser(store, id: "2", name: "Grace")
        let ada = WatchRecorder(store.watch(UserDetailsQuery(id: "1")))
        let grace = WatchRecorder(store.watch(UserDetailsQuery(id: "2")))
        await ada.waitFor(1)
        await grace.waitFor(1)

        // The mutation's result is the same User object: keyed by id, so it updates what the query reads.
        try CacheTestData.writeCreateUser(store, id: "1", name: "Ada Lovelace")
        await ada.waitFor(2)
        // Grace's watcher must not have emitted: prove it by changing Grace afterwards and seeing that emission
        // arrive second, not third.
        try CacheTestData.writeUser(store, id: "2", name: "Grace Hopper")
        await grace.waitFor(2)

        #expect(ada.values.map(\.user?.name) == ["Ada", "Ada Lovelace"])
        #expect(grace.values.map(\.user?.name) == ["Grace", "Grace Hopper"])
        ada.cancel()
        grace.cancel()
    }

    @Test("a write that leaves the data as it was emits nothing")
    func unchangedWriteEmitsNothing() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "1")))
        await watcher.waitFor(1)
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        try CacheTestData.writeCreateUser(store, id: "1", name: "Ada")
        try CacheTestData.writeUser(store, id: "1", name: "Ada", followers: 2)
        await watcher.waitFor(2)
        #expect(watcher.values.map(\.user?.followerCount) == [1, 2])
        #expect(watcher.results.count == 2)
        watcher.cancel()
    }

    @Test("a watcher of data not yet cached emits the miss, then the data once written; eviction emits a miss")
    func missThenDataThenEviction() async throws {
        let store = CacheStore()
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "7")))
        await watcher.waitFor(1)
        try CacheTestData.writeUser(store, id: "7", name: "Linus")
        await watcher.waitFor(2)
        try store.evict("User:7")
        await watcher.waitFor(3)
        let results = watcher.results
        #expect((try? results[0].get()) == nil)
        #expect((try? results[1].get())?.user?.name == "Linus")
        guard case .failure(let miss) = results[2] else {
            Issue.record("expected a miss after eviction")
            return
        }
        #expect(miss.code == .missingRecord && miss.key == "User:7")
    }

    @Test("no lost and no duplicate emission under 8 concurrent writers")
    func concurrentWriters() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "start", followers: 0)
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "1")))
        await watcher.waitFor(1)
        let writesPerWriter = 50
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<writesPerWriter {
                        // Every write is a value never written before, so every write changes the data.
                        let followers = Int64(1 + writer * writesPerWriter + index)
                        try CacheTestData.writeUser(store, id: "1", name: "writer \(writer)", followers: followers)
                    }
                }
            }
            try await group.waitForAll()
        }
        let expectedCount = 1 + 8 * writesPerWriter
        await watcher.waitFor(expectedCount)
        let counts = watcher.values.compactMap(\.user?.followerCount)
        #expect(counts.count == expectedCount)
        #expect(Set(counts).count == expectedCount, "no value emitted twice")
        #expect(Set(counts) == Set((0...Int64(8 * writesPerWriter)).map { $0 }), "every write seen")
        // Each writer's own writes arrive in the order it made them.
        for writer in 0..<8 {
            let range = Int64(1 + writer * writesPerWriter)...Int64((writer + 1) * writesPerWriter)
            let own = counts.filter(range.contains)
            #expect(own == own.sorted())
        }
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.followerCount == counts.last)
        watcher.cancel()
    }

    @Test("a fragment watched by key sees writes made through any query")
    func fragmentWatch() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "3", name: "Barbara")
        let watcher = WatchRecorder(store.watch(UserFields.self, key: "User:3"))
        await watcher.waitFor(1)
        try CacheTestData.writeCreateUser(store, id: "3", name: "Barbara Liskov")
        await watcher.waitFor(2)
        #expect(watcher.values.map(\.name) == ["Barbara", "Barbara Liskov"])
        watcher.cancel()
    }

    @Test("cancelling the consuming task removes the watcher from the store")
    func cancellationRemovesWatcher() async throws {
        let store = CacheStore()
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "1")))
        await watcher.waitFor(1)
        #expect(store.watcherCount == 1)
        watcher.cancel()
        // Termination runs when the iterating task sees the cancellation; a write forces the stream to be polled.
        while store.watcherCount != 0 {
            try CacheTestData.writeUser(store, id: "1", name: "again \(store.watcherCount)")
            await Task.yield()
        }
        #expect(store.watcherCount == 0)
    }
}

@Suite("Watchers and records changed underneath", .timeLimit(.minutes(10)))
struct CacheWatchRestoreTests {
    @Test("records restored underneath the store reach watchers when it is told to refresh them")
    func restoredRecords() async throws {
        let memory = InMemoryNormalizedCache()
        let store = CacheStore(cache: memory)
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "5")))
        await watcher.waitFor(1)
        // Another store over the same records (as a second process over one SQLite file) writes them.
        let other = CacheStore(cache: memory)
        try CacheTestData.writeUser(other, id: "5", name: "Restored")
        store.refreshWatchers()
        await watcher.waitFor(2)
        // A second refresh with nothing changed emits nothing: the next emission is the next change.
        store.refreshWatchers()
        try CacheTestData.writeUser(store, id: "5", name: "Changed")
        await watcher.waitFor(3)
        #expect(watcher.values.map(\.user?.name) == ["Restored", "Changed"])
        #expect(watcher.results.count == 3)
        watcher.cancel()
    }
}
