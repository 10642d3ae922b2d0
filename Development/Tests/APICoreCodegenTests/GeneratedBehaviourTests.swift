import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import APICoreTestSupport
import Foundation
import Testing

/// What a user of generated code relies on, exercised through code the generator wrote from
/// `Tests/Fixtures/CodegenInputs/Behaviour` into `GeneratedBehaviour/` (kept current by ``FixturePackageTests``):
/// 64-bit scalars exact, unknown enum values kept, nullable inputs in three states.
@Suite("Generated code behaviour", .cpuBound)
struct GeneratedBehaviourTests {
    /// The data of a `Users` response whose one user has `role` and `followerCount`.
    static func response(role: String, followerCount: String) throws -> UsersQuery.Data {
        let text = """
            {"users": [{"__typename": "User", "id": "1", "role": "\(role)", "followerCount": \(followerCount), \
            "nickname": null}]}
            """
        let object = try #require(try JSONReader().read(text).objectValue)
        return try UsersQuery.Data(data: object)
    }

    static func written(_ object: JSONObject) -> String {
        String(decoding: JSONWriter().write(.object(object)), as: UTF8.self)
    }

    @Test(
        "Long values above 2^53 decode exactly and encode back exactly",
        arguments: [
            "9007199254740993", "9223372036854775807", "-9223372036854775808",
        ])
    func longRoundTrips(_ literal: String) throws {
        let data = try Self.response(role: "ADMIN", followerCount: literal)
        let followerCount = try #require(data.users.first?.followerCount)
        #expect(String(followerCount) == literal)
        let filter = BehaviourAPI.UserFilter(minFollowers: .some(followerCount))
        #expect(Self.written(filter.fields) == #"{"minFollowers":\#(literal)}"#)
        let query = UsersQuery(filter: .some(filter))
        #expect(Self.written(query.variables) == #"{"filter":{"minFollowers":\#(literal)}}"#)
    }

    /// The identities of `items`, as a SwiftUI `List` or `ForEach` reads them without a key path.
    static func identities<Item: Identifiable>(of items: [Item]) -> [Item.ID] {
        items.map(\.id)
    }

    @Test("objects with an id, or with a type policy's key fields, are Identifiable by them")
    func identifiable() throws {
        let text = """
            {"stock": [{"__typename": "Stock", "sku": "A-1", "store": 7, "count": 3}], \
            "users": [{"__typename": "User", "id": "u1"}, {"__typename": "User", "id": "u2"}]}
            """
        let data = try StockQuery.Data(data: try #require(try JSONReader().read(text).objectValue))
        #expect(Self.identities(of: data.users) == ["u1", "u2"])
        #expect(Self.identities(of: data.stock) == [["A-1", 7] as [AnyHashable]])
    }

    @Test("scalars mapped to the built-in types decode to them exactly and are sent back as the server wrote them")
    func builtInScalars() throws {
        let text = """
            {"event": {"__typename": "Event", "at": "2024-02-29T18:24:43.5+05:30", "day": "2024-02-29", \
            "link": "https://example.com/a?b=c", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", \
            "price": "12345678901234567890.0123456789", "payload": {"nested": {"list": [1, "two", null]}}, \
            "views": "18446744073709551615", "opaque": "kept"}}
            """
        let data = try EventQuery.Data(data: try #require(try JSONReader().read(text).objectValue))
        let event = try #require(data.event)
        // 18:24:43.5 at +05:30 is 12:54:43.5 UTC.
        let expectedSeconds = Double(19_782 * 86_400 + 12 * 3_600 + 54 * 60 + 43) + 0.5
        #expect(event.at == Date(timeIntervalSince1970: expectedSeconds))
        #expect(event.day == GraphQLCalendarDate(year: 2024, month: 2, day: 29))
        #expect(event.link == URL(string: "https://example.com/a?b=c"))
        #expect(event.uuid == UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        #expect(event.price == Decimal(string: "12345678901234567890.0123456789"))
        #expect(event.price.description == "12345678901234567890.0123456789")
        #expect(event.payload["nested"]?["list"] == .array([.int(1), .string("two"), .null]))
        #expect(event.views == UInt64.max)
        #expect(event.opaque == "kept")

        let query = EventQuery(at: .some(event.at), price: .some(event.price), views: .some(event.views))
        #expect(
            Self.written(query.variables)
                == #"{"at":"2024-02-29T12:54:43.500Z","price":"12345678901234567890.0123456789","#
                + #""views":"18446744073709551615"}"#)
    }

    @Test("data built from typed values equals the same data decoded from a server's JSON")
    func initializersMatchDecodedData() throws {
        let built = UsersQuery.Data(users: [
            .init(id: "1", role: .init(.admin), followerCount: 9_007_199_254_740_993, nickname: nil),
            .init(id: "2", role: "SUPERUSER", followerCount: 3, nickname: "Ada"),
        ])
        let decoded = try UsersQuery.Data(
            data: try #require(
                try JSONReader().read(
                    """
                    {"users": [
                      {"__typename": "User", "id": "1", "role": "ADMIN", "followerCount": 9007199254740993, "nickname": null},
                      {"__typename": "User", "id": "2", "role": "SUPERUSER", "followerCount": 3, "nickname": "Ada"}]}
                    """
                ).objectValue))
        #expect(built == decoded)
        #expect(built.users[1].role.rawValue == "SUPERUSER")
        #expect(built.users[0].followerCount == 9_007_199_254_740_993)
        // What the initializer built passes the same checks as a response.
        #expect(try UsersQuery.Data(data: built.__data) == built)
    }

    @Test("a type case builds the interface's value, fragments' fields are parameters, variables decide conditions")
    func initializersOfTypeCasesFragmentsAndConditions() throws {
        let owner = AccountsQuery.Data.Accounts.AsOrganization.Owner(
            id: "u1", nickname: "Ada", role: .init(.admin))
        let organization = AccountsQuery.Data.Accounts.AsOrganization(
            seats: 12, owner: owner, id: "o1", admins: [.init(id: "u2")])
        let team = AccountsQuery.Data.Accounts(
            __typename: "Team", id: "t1", admins: [],
            owner: .init(nickname: "Bob", role: .init(.member)))
        let data = AccountsQuery.Data(
            accounts: [.init(organization), team], __variables: AccountsQuery(withNickname: true).variables)
        #expect(data.accounts[0].asOrganization?.seats == 12)
        #expect(data.accounts[0].fragments.accountOwner.owner.role == BehaviourAPI.Role.admin)
        #expect(data.accounts[0].owner.nickname == "Ada")
        #expect(data.accounts[1].asOrganization == nil)
        #expect(data.accounts[1].owner.nickname == "Bob")
        #expect(data.accounts.map(\.id) == ["o1", "t1"])
        // The same values without the variable that includes `nickname` read as a response without it would.
        let hidden = AccountsQuery.Data(accounts: [.init(organization), team])
        #expect(hidden.accounts[1].owner.nickname == nil)
        // And the whole tree is what a server would have sent.
        let checked = try AccountsQuery.Data(
            data: data.__data,
            variables: AccountsQuery(withNickname: true).variables)
        #expect(checked == data)
    }

    @Test("an enum value the schema does not know survives a decode and is sent back as it came")
    func unknownEnumValue() throws {
        let data = try Self.response(role: "SUPERUSER", followerCount: "1")
        let role = try #require(data.users.first?.role)
        #expect(role.value == nil)
        #expect(role.rawValue == "SUPERUSER")
        #expect(role != BehaviourAPI.Role.admin)
        #expect(data.users.first?.__data["role"] == "SUPERUSER")
        let filter = BehaviourAPI.UserFilter(role: .some(role))
        #expect(Self.written(filter.fields) == #"{"role":"SUPERUSER"}"#)

        let known = try Self.response(role: "MEMBER", followerCount: "1")
        #expect(known.users.first?.role == BehaviourAPI.Role.member)
    }

    @Test("absent, null and a value of a nullable input field encode three different ways")
    func threeStateInputObjectFields() {
        let absent = BehaviourAPI.UserFilter()
        let null = BehaviourAPI.UserFilter(name: .null)
        let value = BehaviourAPI.UserFilter(name: .some("Ada"))
        #expect(Self.written(absent.fields) == "{}")
        #expect(Self.written(null.fields) == #"{"name":null}"#)
        #expect(Self.written(value.fields) == #"{"name":"Ada"}"#)
    }

    @Test("absent, null and a value of a nullable operation variable encode three different ways")
    func threeStateVariables() {
        #expect(Self.written(UsersQuery().variables) == "{}")
        #expect(Self.written(UsersQuery(nickname: .null, first: .null).variables) == #"{"nickname":null,"first":null}"#)
        #expect(
            Self.written(UsersQuery(filter: .null, nickname: .some("ada"), first: .some(2)).variables)
                == #"{"filter":null,"nickname":"ada","first":2}"#)
    }

    @Test("two identical selections in one operation share one type, so their values are interchangeable")
    func identicalSelectionsShareAType() throws {
        #expect(TwoAccountListsQuery.Data.Second.self == TwoAccountListsQuery.Data.First.self)
        let text = """
            {"first": [{"__typename": "Team", "id": "t1", "owner": {"__typename": "User", "role": "ADMIN"}}],
             "second": [{"__typename": "Team", "id": "t1", "owner": {"__typename": "User", "role": "ADMIN"}}]}
            """
        let data = try TwoAccountListsQuery.Data(data: try #require(try JSONReader().read(text).objectValue))
        #expect(data.first == data.second)
        #expect(data.second[0].owner.role == BehaviourAPI.Role.admin)
    }

    @Test("selection sets compare as values: equal when of one type and read from equal data, never across types")
    func valueEquality() async throws {
        let text = #"{"users": [{"__typename": "User", "id": "u1"}], "stock": []}"#
        let object = try #require(try JSONReader().read(text).objectValue)
        let first = try StockQuery.Data(data: object)
        let second = try StockQuery.Data(data: object)
        #expect(first !== second)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second, first]).count == 1)
        #expect(first.users == second.users)

        let other = try StockQuery.Data(
            data: try #require(try JSONReader().read(#"{"users": [], "stock": []}"#).objectValue))
        #expect(first != other)

        // The same user object, read as two selection sets of the same fields: as different types, never equal,
        // whichever way they are compared.
        let user = try #require(first.users.first)
        let admin = AccountsQuery.Data.Accounts.Admins(__object: user.__object)
        #expect(admin.id == user.id)
        #expect(AnyHashable(admin) != AnyHashable(user))
        #expect(Set<AnyHashable>([AnyHashable(admin), AnyHashable(user)]).count == 2)
        #expect((admin as GraphQLSelectionSetObject) != (user as GraphQLSelectionSetObject))
        #expect(AnyHashable(admin) == AnyHashable(AccountsQuery.Data.Accounts.Admins(__object: user.__object)))

        // Immutable and Sendable: a value read on another task is the same value.
        let read = await Task.detached { first.users.map(\.id) }.value
        #expect(read == ["u1"])
    }
}
