import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Testing

@Suite("Optimistic updates", .timeLimit(.minutes(10)))
struct OptimisticUpdateTests {
    /// Adds an optimistic layer holding the mutation result the app expects.
    private func optimistic(_ store: CacheStore, id: String, name: String) throws -> OptimisticLayerID {
        let mutation = CreateUserMutation(name: name)
        let data = try CreateUserMutation.Data(data: CacheTestData.createUserData(id: id, name: name))
        return try store.addOptimisticLayer { transaction throws(CacheError) in
            try transaction.write(data, for: mutation)
        }
    }

    /// The records of the server's answer to the mutation.
    private func serverRecords(_ store: CacheStore, id: String, name: String) throws -> RecordSet {
        try store.decode(CreateUserMutation(name: name), data: CacheTestData.createUserData(id: id, name: name)).records
    }

    @Test("watchers see an optimistic result at once, then the server's result replacing it")
    func applyThenReplace() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "1")))
        await watcher.waitFor(1)

        let layer = try optimistic(store, id: "1", name: "Ada (saving…)")
        await watcher.waitFor(2)
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada (saving…)")

        try store.replaceOptimisticLayer(layer, with: try serverRecords(store, id: "1", name: "Ada Lovelace"))
        await watcher.waitFor(3)
        #expect(watcher.values.map(\.user?.name) == ["Ada", "Ada (saving…)", "Ada Lovelace"])
        #expect(store.optimisticLayerCount == 0)
        watcher.cancel()
    }

    @Test("a failed mutation rolls its layer back and the stored value shows again")
    func rollBack() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        let watcher = WatchRecorder(store.watch(UserDetailsQuery(id: "1")))
        await watcher.waitFor(1)
        let layer = try optimistic(store, id: "1", name: "Countess")
        await watcher.waitFor(2)
        store.removeOptimisticLayer(layer)
        await watcher.waitFor(3)
        #expect(watcher.values.map(\.user?.name) == ["Ada", "Countess", "Ada"])
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada")
        // The optimistic write never reached the records underneath.
        #expect(try store.cache.loadRecords(["User:1"])["User:1"]?["name"] == .value("Ada"))
        watcher.cancel()
    }

    @Test("two mutations completing in reverse order end in the servers' state")
    func reverseCompletion() async throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        try CacheTestData.writeUser(store, id: "2", name: "Grace")
        let first = try optimistic(store, id: "1", name: "Ada (optimistic)")
        let second = try optimistic(store, id: "2", name: "Grace (optimistic)")
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada (optimistic)")
        #expect(try store.read(UserDetailsQuery(id: "2")).user?.name == "Grace (optimistic)")

        // The second completes first: its server value shows, while the first is still optimistic.
        try store.replaceOptimisticLayer(second, with: try serverRecords(store, id: "2", name: "Grace Hopper"))
        #expect(try store.read(UserDetailsQuery(id: "2")).user?.name == "Grace Hopper")
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada (optimistic)")

        try store.replaceOptimisticLayer(first, with: try serverRecords(store, id: "1", name: "Ada Lovelace"))
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada Lovelace")
        #expect(try store.read(UserDetailsQuery(id: "2")).user?.name == "Grace Hopper")
        #expect(store.optimisticLayerCount == 0)
    }

    @Test("two layers over the same object: the later one shows until it goes; then the earlier one's value")
    func stackedLayersOnOneObject() throws {
        let store = CacheStore()
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        let first = try optimistic(store, id: "1", name: "first")
        let second = try optimistic(store, id: "1", name: "second")
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "second")
        // The first mutation's server answer arrives while the second is still in flight: the second still shows.
        try store.replaceOptimisticLayer(first, with: try serverRecords(store, id: "1", name: "first (server)"))
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "second")
        try store.replaceOptimisticLayer(second, with: try serverRecords(store, id: "1", name: "second (server)"))
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "second (server)")
    }
}
