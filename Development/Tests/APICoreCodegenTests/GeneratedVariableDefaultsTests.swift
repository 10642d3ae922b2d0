import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Testing

/// The defaults `Tests/Fixtures/CodegenInputs/Behaviour/Defaulted.graphql` declares for its variables, run through
/// the code generated from it into `GeneratedBehaviour/`: a variable the caller leaves out reads as its default when
/// the response is decoded and when it is normalized, as it did on the server.
@Suite("Generated variable defaults")
struct GeneratedVariableDefaultsTests {
    static let response = JSONObject(
        json: #"{"users": [{"__typename": "User", "id": "1", "nickname": "ada"}]}"#)

    /// The storage key of `users` with the document's default filter and `first`.
    static func usersKey(first: Int) -> String {
        #"users(filter:{"minFollowers":10,"name":"Ada \"A\" \\ é","role":"ADMIN"},first:\#(first))"#
    }

    @Test("the operation declares its defaults as the server reads them")
    func declaredDefaults() {
        let filter: JSONObject = ["role": "ADMIN", "minFollowers": 10, "name": "Ada \"A\" \\ é"]
        #expect(DefaultedQuery.variableDefaults == ["withNickname": true, "first": 2, "filter": .object(filter)])
        #expect(DefaultedQuery().variables.isEmpty)
        #expect(DefaultedQuery(first: .some(5)).effectiveVariables["first"] == 5)
        #expect(UsersQuery.variableDefaults.isEmpty)
    }

    @Test("@include(if: $withNickname) with $withNickname omitted selects the field, as its default true does")
    func includeReadsTheDefault() throws {
        let omitted = try DefaultedQuery.Data(
            data: Self.response, variables: DefaultedQuery().effectiveVariables)
        #expect(omitted.users.first?.nickname == "ada")
        let excluded = try DefaultedQuery.Data(
            data: Self.response, variables: DefaultedQuery(withNickname: .some(false)).effectiveVariables)
        let user = try #require(excluded.users.first)
        #expect(user.nickname == nil)
    }

    @Test("a field argument with a defaulted variable is cached under the default, and read back from there")
    func cacheKeyUsesTheDefault() throws {
        let store = CacheStore()
        let (data, records) = try store.decode(DefaultedQuery(), data: Self.response)
        #expect(data.users.first?.nickname == "ada")
        let root = try #require(records["QUERY_ROOT"])
        #expect(Array(root.fields.keys) == [Self.usersKey(first: 2)])

        try store.write(data, for: DefaultedQuery())
        let stored = try #require(try store.record(for: "QUERY_ROOT"))
        #expect(Array(stored.fields.keys) == [Self.usersKey(first: 2)])
        // The same request with the defaults spelled out reads what the omitted one wrote; another `first` does not.
        #expect(try store.read(DefaultedQuery(first: .some(2))) == data)
        #expect(throws: CacheError.self) { try store.read(DefaultedQuery(first: .some(3))) }
    }
}
