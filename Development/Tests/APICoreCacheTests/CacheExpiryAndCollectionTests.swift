import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import StarWarsFixture
import Testing

@Suite("Expiry, size bound and garbage collection")
struct CacheExpiryAndCollectionTests {
    @Test("a field past its type's time to live is a miss; fresh fields of other types still read")
    func timeToLiveByType() throws {
        let clock = ManualClock()
        let store = CacheStore(
            expiry: CacheExpiryPolicy(timeToLiveByType: ["User": .seconds(60)]), now: { clock.now })
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        clock.advance(by: 59)
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada")
        clock.advance(by: 1)
        #expect {
            try store.read(UserDetailsQuery(id: "1"))
        } throws: { error in
            guard let error = error as? CacheError else { return false }
            return error.code == .expired && error.key == "User:1" && error.isMiss
        }
        // Writing again refreshes the expiry.
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada")
    }

    @Test("a field's own rule beats its type's, and a response's max-age caps both")
    func fieldRuleAndMaxAge() throws {
        let clock = ManualClock()
        let policy = CacheExpiryPolicy(
            defaultTimeToLive: .seconds(3600), timeToLiveByType: ["User": .seconds(600)],
            timeToLiveByField: ["User.followerCount": .seconds(10)])
        #expect(policy.timeToLive(typename: "User", field: "followerCount", maxAge: nil) == .seconds(10))
        #expect(policy.timeToLive(typename: "User", field: "name", maxAge: nil) == .seconds(600))
        #expect(policy.timeToLive(typename: "Product", field: "title", maxAge: nil) == .seconds(3600))
        #expect(policy.timeToLive(typename: "User", field: "name", maxAge: .seconds(5)) == .seconds(5))

        let store = CacheStore(expiry: policy, now: { clock.now })
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        clock.advance(by: 11)
        #expect {
            try store.read(UserDetailsQuery(id: "1"))
        } throws: { error in
            (error as? CacheError)?.code == .expired && (error as? CacheError)?.field == "followerCount"
        }
        // The name alone (a fragment without followerCount would read); the record still has it unexpired.
        #expect(try store.record(for: "User:1")?.isExpired("name", at: clock.now) == false)

        // max-age from a response applies even without any rule.
        let plain = CacheStore(now: { clock.now })
        let query = UserDetailsQuery(id: "2")
        let (_, records) = try plain.decode(
            query, data: CacheTestData.userData(id: "2", name: "Grace"), maxAge: .seconds(30))
        try plain.publish(records)
        clock.advance(by: 29)
        #expect(try plain.read(query).user?.name == "Grace")
        clock.advance(by: 1)
        #expect(throws: CacheError.self) { try plain.read(query) }
    }

    @Test("past the bound, the least recently used records are evicted")
    func leastRecentlyUsedEviction() throws {
        let memory = InMemoryNormalizedCache(maxRecords: 3)
        let store = CacheStore(cache: memory)
        // Each user query writes QUERY_ROOT and the user's record.
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        try CacheTestData.writeUser(store, id: "2", name: "Grace")
        #expect(memory.count == 3)
        // Reading user 1 makes User:2 the least recently used.
        _ = try store.read(UserDetailsQuery(id: "1"))
        try CacheTestData.writeUser(store, id: "3", name: "Barbara")
        #expect(memory.count == 3)
        #expect(memory.evictionCount == 1)
        #expect(memory.allKeys() == ["QUERY_ROOT", "User:1", "User:3"])
        #expect(try store.read(UserDetailsQuery(id: "1")).user?.name == "Ada")
        #expect {
            try store.read(UserDetailsQuery(id: "2"))
        } throws: { error in
            (error as? CacheError)?.code == .missingRecord && (error as? CacheError)?.key == "User:2"
        }
    }

    @Test("a first write larger than the bound into an empty cache keeps the bound, and the cache stays its own")
    func aFirstWriteOverTheBound() throws {
        let memory = InMemoryNormalizedCache(maxRecords: 2)
        let records = RecordSet(
            (1...4).map { Record(key: CacheKey("User:\($0)"), fields: ["name": .value(.string("User \($0)"))]) })
        memory.mergeUnobserved(records)
        #expect(memory.count == 2)
        #expect(memory.evictionCount == 2)
        // The set the cache was given is unchanged by the cache's own later writes.
        memory.mergeUnobserved(RecordSet([Record(key: "User:9", fields: ["name": .value(.string("Nine"))])]))
        #expect(records.count == 4)
        #expect(records["User:9"] == nil)
        #expect(memory.count == 2)
        #expect(memory.allKeys().contains("User:9"))
    }

    @Test("garbage collection removes what no root reaches, and expired fields, but keeps watched records")
    func garbageCollection() async throws {
        let clock = ManualClock()
        let store = CacheStore(
            expiry: CacheExpiryPolicy(timeToLiveByField: ["User.followerCount": .seconds(5)]), now: { clock.now })
        try CacheTestData.writeUser(store, id: "1", name: "Ada")
        try CacheTestData.writeUser(store, id: "2", name: "Grace")
        // Orphans: a record written by key that nothing refers to, and one only a watcher reads.
        try store.withReadWriteTransaction { transaction throws(CacheError) in
            transaction.update("User:orphan", fields: ["name": .value("nobody")])
            transaction.update("User:watched", fields: ["__typename": .value("User"), "name": .value("seen")])
        }
        // User:2 becomes unreachable when the root field pointing at it is evicted.
        try store.evict(field: CacheFieldID(key: .queryRoot, field: #"user(id:"2")"#))
        let watcher = WatchRecorder(store.watch(UserFields.self, key: "User:watched"))
        await watcher.waitFor(1)
        clock.advance(by: 10)

        let result = try store.collectGarbage()
        #expect(result.removedRecords == ["User:2", "User:orphan"])
        #expect(result.removedFields == [CacheFieldID(key: "User:1", field: "followerCount")])
        #expect(try store.record(for: "User:watched")?["name"] == .value("seen"))
        let user = try #require(try store.record(for: "User:1"))
        #expect(user["name"] == .value("Ada"))
        #expect(user["followerCount"] == nil)
        watcher.cancel()
    }
}
