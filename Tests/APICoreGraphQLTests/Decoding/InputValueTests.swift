import APICoreGraphQL
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
