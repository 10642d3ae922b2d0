import APICoreCache
import APICoreGraphQL
import APICoreJSON
import Testing

/// A type case exposes what its enclosing selection set selects for the type, through code generated from
/// `Tests/Fixtures/CodegenInputs/Behaviour/Accounts.graphql` into `GeneratedBehaviour/`.
@Suite("Type cases merge the enclosing selections")
struct TypeCaseMergingTests {
    static let response = """
        {"accounts": [
          {"__typename": "Organization", "id": "o1", "seats": 3,
           "admins": [{"__typename": "User", "id": "u2"}],
           "owner": {"__typename": "User", "id": "u1", "role": "ADMIN", "nickname": "ada"}},
          {"__typename": "Team", "id": "t1", "admins": [],
           "owner": {"__typename": "User", "role": "MEMBER", "nickname": null}}
        ]}
        """

    /// Records every object the decode enters, as `path: selection set`.
    final class Recorder: GraphQLDecodingObserver {
        var entered: [String] = []

        func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, at path: ResponsePath) {
            let type = selectionSet.generatedType.map { String(reflecting: $0) } ?? "?"
            entered.append("\(path): \(type.split(separator: ".").suffix(2).joined(separator: "."))")
        }
    }

    static func decode(withNickname: Bool, observer: Recorder? = nil) throws -> AccountsQuery.Data {
        let object = try #require(try JSONReader().read(response).objectValue)
        let query = AccountsQuery(withNickname: withNickname)
        let context = GraphQLDecodingContext(variables: query.variables, observer: observer)
        return try AccountsQuery.Data(
            reader: GraphQLObjectReader(object: object, selectionSet: AccountsQuery.Data.self, context: context))
    }

    @Test("a named fragment on the interface reads an account of a type added after generation, checked and cached")
    func fragmentOnNewType() throws {
        // `Household` implements `Account` on a server newer than the generated code: no type case applies, the
        // fragment spread on the interface does.
        let text = """
            {"accounts": [{"__typename": "Household", "id": "h1", "admins": [],
                           "owner": {"__typename": "User", "id": "u9", "role": "GUEST", "nickname": "kim"}}]}
            """
        let object = try #require(try JSONReader().read(text).objectValue)
        let query = AccountsQuery(withNickname: true)
        let store = CacheStore()
        let (data, records) = try store.decode(query, data: object)
        let account = try #require(data.accounts.first)
        #expect(account.fragments.accountOwner.owner.role.rawValue == "GUEST")
        #expect(account.asOrganization == nil)
        try store.publish(records)
        let cached = try store.read(query)
        #expect(cached.accounts.first?.fragments.accountOwner.owner.role.rawValue == "GUEST")
        #expect(cached.accounts.first?.owner.nickname == "kim")

        // A value of the wrong kind in the fragment's field is a decoding error, not a crash.
        let broken = try #require(
            try JSONReader().read(text.replacingOccurrences(of: #""role": "GUEST""#, with: #""role": 7"#)).objectValue)
        #expect(throws: GraphQLDecodingError.self) { try store.decode(query, data: broken) }
    }

    @Test("a type case exposes the enclosing set's fields, its fragments' fields, and merged nested selections")
    func mergedFields() throws {
        let data = try Self.decode(withNickname: true)
        let organization = try #require(data.accounts[0].asOrganization)
        #expect(organization.seats == 3)
        #expect(organization.id == "o1")
        #expect(organization.admins.map(\.id) == ["u2"])
        #expect(organization.owner.id == "u1")
        #expect(organization.owner.role == BehaviourAPI.Role.admin)
        #expect(organization.owner.nickname == "ada")
        #expect(organization.fragments.accountOwner.owner.role == BehaviourAPI.Role.admin)
        #expect(data.accounts[1].asOrganization == nil)
    }

    @Test("a field the enclosing set selects under @include stays optional and absent in the type case")
    func conditionalMergedField() throws {
        let data = try Self.decode(withNickname: false)
        let organization = try #require(data.accounts[0].asOrganization)
        #expect(organization.owner.nickname == nil)
        #expect(organization.owner.role == BehaviourAPI.Role.admin)
    }

    @Test("a type case's __selections are its own; what it exposes is read through sets the observer sees, once")
    func selectionsAndObserver() throws {
        let own = AccountsQuery.Data.Accounts.AsOrganization.__selections.compactMap { selection in
            if case .field(let field) = selection { field.responseKey } else { nil }
        }
        #expect(own == ["__typename", "seats", "owner"])
        let recorder = Recorder()
        _ = try Self.decode(withNickname: true, observer: recorder)
        #expect(recorder.entered.contains("accounts.0: Accounts.AsOrganization"))
        #expect(recorder.entered.contains("accounts.0.owner: AsOrganization.Owner"))
        // The admins and the fragment the type case exposes are the enclosing set's, each entered once, through it.
        #expect(
            recorder.entered.filter { $0.hasPrefix("accounts.0.admins.0: ") } == [
                "accounts.0.admins.0: Accounts.Admins"
            ])
        #expect(
            recorder.entered.filter { $0.hasPrefix("accounts.0: ") }.sorted()
                == [
                    "accounts.0: APICoreCodegenTests.AccountOwner", "accounts.0: Accounts.AsOrganization",
                    "accounts.0: Data.Accounts",
                ])
    }
}
