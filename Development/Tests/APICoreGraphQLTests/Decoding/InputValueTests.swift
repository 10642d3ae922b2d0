import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Testing

@Suite("Input values and variables")
struct InputValueTests {
    @Test("GraphQLNullable sends absent, null and a value differently")
    func threeStates() {
        #expect(CreateUserMutation(name: "A").variables == ["name": "A"])
        #expect(CreateUserMutation(name: "A", email: .null).variables == ["name": "A", "email": nil])
        #expect(CreateUserMutation(name: "A", email: "a@b.c").variables == ["name": "A", "email": "a@b.c"])
        #expect(CreateUserMutation(name: "A", email: .null).variables.keys == ["name", "email"])
        #expect(CreateUserMutation(name: "A").variables.keys == ["name"])
    }

    @Test("enum variables encode their raw value, unknown ones included")
    func enumVariables() {
        let known = CreateUserMutation(name: "A", role: .some(.known(.guest)))
        #expect(known.variables["role"] == "GUEST")
        let unknown = CreateUserMutation(name: "A", role: .some("FUTURE_ROLE"))
        #expect(unknown.variables["role"] == "FUTURE_ROLE")
    }

    @Test("variables keep declaration order")
    func order() {
        #expect(UserDetailsQuery(id: "1", withEmail: true).variables.keys == ["id", "withEmail"])
    }

    @Test("GraphQLEnum compares with known cases and reads unknown raw values")
    func graphQLEnum() {
        let admin = GraphQLEnum<ReferenceSchema.Role>(rawValue: "ADMIN")
        #expect(admin == .admin)
        #expect(admin.value == .admin)
        #expect(GraphQLEnum<ReferenceSchema.Role>(rawValue: "admin") == .unknown("admin"))
    }
}

@Suite("GraphQLEnum comparisons")
struct GraphQLEnumComparisonTests {
    typealias Role = GraphQLEnum<ReferenceSchema.Role>

    @Test("compares with known cases by ==, !=, optionals and switch")
    func comparisons() {
        let role: Role = .known(.admin)
        let missing: Role? = nil
        #expect(role == .admin)
        #expect(role != .guest)
        #expect(Optional(role) == .admin)
        #expect(missing != .admin)
        switch role {
        case .member: Issue.record("matched the wrong case")
        case .admin: break
        default: Issue.record("matched nothing")
        }
    }

    @Test("a raw value equals the known case with that value, and hashes alike")
    func rawValueEquality() {
        #expect(Role.unknown("ADMIN") == Role.known(.admin))
        #expect(Set([Role.unknown("ADMIN"), Role.known(.admin)]).count == 1)
    }
}

@Suite("Variable defaults")
struct VariableDefaultsTests {
    struct DefaultedQuery: GraphQLQuery {
        typealias Data = UserDetailsQuery.Data
        static let operationName = "Defaulted"
        static let document = "query Defaulted($id: ID!, $withEmail: Boolean = true) { ... }"
        static var variableDefaults: JSONObject { ["withEmail": true] }
        var id: String
        var withEmail: GraphQLNullable<Bool>
        var variables: JSONObject { JSONObject(variables: ["id": id, "withEmail": withEmail]) }
    }

    @Test("an omitted variable with a default selects its @include field, as the server did")
    func defaultsDecide() throws {
        let user: JSONObject = [
            "__typename": "User", "id": "1", "name": "Ada", "role": "ADMIN", "followerCount": 1,
            "email": "ada@example.com",
        ]
        let omitted = DefaultedQuery(id: "1", withEmail: nil)
        #expect(omitted.variables == ["id": "1"])
        #expect(omitted.effectiveVariables == ["id": "1", "withEmail": true])
        let data = try DefaultedQuery.Data(data: ["user": .object(user)], variables: omitted.effectiveVariables)
        #expect(data.user?.email == "ada@example.com")
        let sent = DefaultedQuery(id: "1", withEmail: false)
        #expect(sent.effectiveVariables["withEmail"] == false)
    }
}
