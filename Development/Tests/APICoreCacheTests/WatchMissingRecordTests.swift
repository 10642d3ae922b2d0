import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Testing

@Suite("Watching a query the cache does not hold yet", .timeLimit(.minutes(10)))
struct WatchMissingRecordTests {
    @Test("a watcher whose root record is missing emits once a write brings the field it reads first")
    func rootRecordWritten() async throws {
        let store = CacheStore()
        let query = UserDetailsQuery(id: "2")
        var changes = store.watch(query).makeAsyncIterator()
        let miss = try #require(await changes.next())
        #expect((try? miss.get()) == nil)

        let data = try UserDetailsQuery.Data(
            data: [
                "user": [
                    "__typename": "User", "id": "2", "name": "Grace Hopper", "role": "MEMBER", "followerCount": 1200,
                ]
            ],
            variables: query.effectiveVariables)
        try store.write(data, for: query)
        let hit = try #require(await changes.next()).get()
        #expect(hit.user?.name == "Grace Hopper")
    }
}
