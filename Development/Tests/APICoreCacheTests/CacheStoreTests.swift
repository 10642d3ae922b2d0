import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import StarWarsFixture
import Testing

@Suite("Cache store")
struct CacheStoreTests {
    @Test("a read-write transaction applies its writes together, or not at all when it throws")
    func transactionsAreAtomic() throws {
        let store = CacheStore()
        #expect(throws: CacheError.self) {
            try store.withReadWriteTransaction { transaction throws(CacheError) in
                transaction.update("User:1", fields: ["name": .value("half written")])
                // The transaction sees its own write...
                #expect(try transaction.record(for: "User:1")?["name"] == .value("half written"))
                throw CacheError(.invalidData, reason: "abort")
            }
        }
        // ...but nothing reached the store.
        #expect(try store.record(for: "User:1") == nil)

        try store.withReadWriteTransaction { transaction throws(CacheError) in
            transaction.update("User:1", fields: ["name": .value("whole")])
            transaction.update("User:2", fields: ["name": .value("also")])
        }
        #expect(try store.record(for: "User:1")?["name"] == .value("whole"))
        #expect(try store.record(for: "User:2")?["name"] == .value("also"))
    }

    @Test("fragments are written and read by key")
    func fragmentsByKey() throws {
        let store = CacheStore()
        let fragment = try UserFields(
            data: ["__typename": "User", "id": "9", "name": "Edsger", "role": "ADMIN", "followerCount": 12])
        try store.writeFragment(fragment, key: "User:9")
        let read = try store.readFragment(UserFields.self, key: "User:9")
        #expect(read == fragment)
        #expect(read.role == .known(.admin))
        #expect(throws: CacheError.self) { try store.readFragment(UserFields.self, key: "User:10") }
    }

    @Test("the schema's type policies and the app's key function decide identities")
    func keyPolicies() throws {
        let data = JSONObject(json: #"{"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2"}}"#)
        let byName = CacheStore(
            keyResolver: CacheKeyResolver(typePolicies: GraphQLTypePolicies(keyFields: ["Droid": ["name"]])))
        #expect(try byName.decode(HeroNameWithIDQuery(), data: data).records["Droid:R2-D2"] != nil)

        let custom = CacheStore(
            keyResolver: CacheKeyResolver(keyFunction: { object in
                object.typename == "Droid" ? "droid-\(object.data["id"]?.stringValue ?? "")" : nil
            }))
        #expect(try custom.decode(HeroNameWithIDQuery(), data: data).records["Droid:droid-2001"] != nil)

        let pathOnly = CacheStore(keyResolver: CacheKeyResolver(keyFunction: { _ in nil }))
        let records = try pathOnly.decode(HeroNameWithIDQuery(), data: data).records
        #expect(records.keys == ["QUERY_ROOT", "QUERY_ROOT.hero"])
    }

    @Test("evict, remove with cascade, and clear")
    func removal() throws {
        let store = CacheStore()
        let data = JSONObject(
            json: #"""
                {"hero": {"__typename": "Human", "id": "1000", "name": "Luke",
                  "friends": [{"__typename": "Human", "id": "1002", "name": "Han"},
                              {"__typename": "Droid", "id": "2001", "name": "R2-D2"}]}}
                """#)
        let query = HeroAndFriendsNamesWithIDsQuery()
        try store.publish(try store.decode(query, data: data).records)
        #expect(try store.read(query).hero?.friends?.count == 2)

        try store.evict("Human:1002")
        #expect {
            try store.read(query)
        } throws: { error in
            (error as? CacheError)?.key == "Human:1002" && (error as? CacheError)?.path == ["hero", "friends", 0]
        }

        let removed = try store.remove(cascadingFrom: "Human:1000")
        #expect(removed == ["Human:1000", "Droid:2001"])
        #expect(try store.record(for: "Droid:2001") == nil)

        try store.clear()
        #expect(try store.record(for: .queryRoot) == nil)
    }

    @Test("data written for other selections is a typed error on write, not a corrupt cache")
    func invalidWrite() throws {
        let store = CacheStore()
        // Data whose hero is missing its required name cannot be decoded for HeroNameWithIDQuery.
        let data = JSONObject(json: #"{"hero": {"__typename": "Human", "id": "1000"}}"#)
        #expect(throws: GraphQLDecodingError.self) { try store.decode(HeroNameWithIDQuery(), data: data) }
        #expect(try store.record(for: .queryRoot) == nil)
    }
}
