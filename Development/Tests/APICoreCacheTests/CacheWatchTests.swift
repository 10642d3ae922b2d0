import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import StarWarsFixture
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
        try #require(results.count >= 3, "the watch ended before its third result")
        #expect((try? results[0].get()) == nil)
        #expect((try? results[1].get())?.user?.name == "Linus")
        guard case .failure(let miss) = results[2] else {
            Issue.record("expected a miss after eviction")
            return
        }
        #expect(miss.code == .missingRecord && miss.key == "User:7")
    }

    @Test(
        "under 8 concurrent writers a watcher emits only values writes left, none twice, each writer's in order, ending on the last"
    )
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
        await store.waitForWatchers()
        let final = try store.read(UserDetailsQuery(id: "1")).user?.followerCount
        // Writes that land before the watcher reads again give one emission, so there may be fewer than the writes;
        // the last is what the store holds once the writes are done.
        // One snapshot per turn: an emission between reading the last value and counting the results would otherwise
        // be waited for again.
        while true {
            let results = watcher.results
            if (try? results.last?.get())?.user?.followerCount == final || Task.isCancelled { break }
            await watcher.waitFor(results.count + 1)
        }
        #expect((try? watcher.results.last?.get())?.user?.followerCount == final)
        let counts = watcher.values.compactMap(\.user?.followerCount)
        #expect(counts.count == watcher.results.count, "no miss")
        #expect(counts.count <= 1 + 8 * writesPerWriter)
        #expect(Set(counts).count == counts.count, "no value emitted twice")
        #expect(Set(counts).isSubset(of: Set((0...Int64(8 * writesPerWriter)).map { $0 })), "only values written")
        // Each writer's own writes arrive in the order it made them.
        for writer in 0..<8 {
            let range = Int64(1 + writer * writesPerWriter)...Int64((writer + 1) * writesPerWriter)
            let own = counts.filter(range.contains)
            #expect(own == own.sorted())
        }
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

/// What a write costs among many watchers: found through the index, not by testing each one.
@Suite("Watchers at scale", .cpuBound, .timeLimit(.minutes(10)))
struct CacheWatchScaleTests {
    static func character(_ index: Int, name: String) -> Record {
        Record(
            key: CacheKey("Human:\(index)"),
            fields: ["__typename": .value(.string("Human")), "name": .value(.string(name))])
    }

    @Test("of 10,000 watchers, a write re-reads only the one that reads the field it changed, which emits it")
    func tenThousandWatchersOneAffected() async throws {
        let store = CacheStore()
        try store.publish(RecordSet((0..<10_000).map { Self.character($0, name: "Human \($0)") }))
        let watches = (0..<10_000).map { store.watch(CharacterName.self, key: CacheKey("Human:\($0)")) }
        #expect(store.watcherReadCount == 10_000)

        try store.withReadWriteTransaction { transaction in
            transaction.update(CacheKey("Human:4321"), fields: ["name": .value(.string("Renamed"))])
        }
        await store.waitForWatchers()
        #expect(store.watcherReadCount == 10_001, "a write re-read watchers whose fields it did not change")
        var changes = watches[4321].makeAsyncIterator()
        #expect(try await changes.next()?.get().name == "Human 4321")
        #expect(try await changes.next()?.get().name == "Renamed")

        // A field nobody reads, and a record nobody watches: no re-read at all.
        try store.withReadWriteTransaction { transaction in
            transaction.update(CacheKey("Human:7"), fields: ["height": .value(.double(1.8))])
            transaction.update(CacheKey("Human:10001"), fields: ["name": .value(.string("Nobody"))])
        }
        await store.waitForWatchers()
        #expect(store.watcherReadCount == 10_001)
        withExtendedLifetime(watches) {}
    }

    @Test("a watcher of a missing record is re-read when any field of that record is written, and emits it")
    func missingRecordWatcher() async throws {
        let store = CacheStore()
        let watch = store.watch(CharacterName.self, key: CacheKey("Human:1"))
        var changes = watch.makeAsyncIterator()
        guard case .failure = try #require(await changes.next()) else {
            Issue.record("a watcher of a missing record did not start with the miss")
            return
        }
        try store.publish(RecordSet([Self.character(1, name: "Luke")]))
        #expect(try await changes.next()?.get().name == "Luke")
        await store.waitForWatchers()
        #expect(store.watcherReadCount == 2)
    }

    @Test("a watcher that stops is taken out of the index: writes to what it read re-read nothing")
    func stoppedWatcherLeavesTheIndex() async throws {
        let store = CacheStore()
        try store.publish(RecordSet([Self.character(1, name: "Luke")]))
        let consumer = Task {
            for await _ in store.watch(CharacterName.self, key: CacheKey("Human:1")) {}
        }
        while store.watcherCount == 0 { await Task.yield() }
        consumer.cancel()
        await consumer.value
        #expect(store.watcherCount == 0)
        let reads = store.watcherReadCount
        try store.publish(RecordSet([Self.character(1, name: "Leia")]))
        await store.waitForWatchers()
        #expect(store.watcherReadCount == reads)
    }
}
