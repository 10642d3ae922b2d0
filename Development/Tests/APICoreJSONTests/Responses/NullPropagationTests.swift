import APICoreGraphQL
import APICoreJSON
import Testing

/// The spec's null propagation, applied by the client to data from a server that did not: each case names where the
/// `null` was and where it must end up.
@Suite("Null propagation")
struct NullPropagationTests {
    /// `{ viewer! { name! tags: [String!] pets: [Pet!]! } }`, `Pet { name! }`.
    struct Root: GraphQLRootSelectionSet {
        static let __parentType = GraphQLParentType.object("Query")
        static let __selections: [GraphQLSelection] = [.field(GraphQLField("viewer", .nonNull(.object(Viewer.self))))]
        let __object: GraphQLCheckedObject
        var viewer: Viewer { __field("viewer") }
    }

    struct Viewer: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
            .field(GraphQLField("tags", .list(.nonNull(.scalar("String"))), leaf: [String]?.self)),
            .field(GraphQLField("pet", .object(Pet.self))),
        ]
        let __object: GraphQLCheckedObject
        var name: String { __field("name") }
        var tags: [String]? { __field("tags") }
        var pet: Pet? { __field("pet") }
    }

    struct Pet: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Pet")
        static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self))
        ]
        let __object: GraphQLCheckedObject
        var name: String { __field("name") }
    }

    private func repair(_ json: String) throws -> GraphQLResponseBody {
        let body = try #require(GraphQLResponseBody(json: try JSONReader().read(Array(json.utf8))))
        return GraphQLNullPropagation.repair(body, as: Root.self, variables: JSONObject())
    }

    @Test("a null element of a list of non-null elements nulls the nullable list, and nothing else")
    func nullElementNullsTheList() throws {
        let body = try repair(#"{"data":{"viewer":{"name":"Ada","tags":["a",null],"pet":{"name":"Rex"}}}}"#)
        let root = try Root(data: try #require(body.data))
        #expect(root.viewer.tags == nil)
        #expect(root.viewer.pet?.name == "Rex")
        #expect(body.errors.map(\.path) == [[.field("viewer"), .field("tags"), .index(1)]])
        #expect(body.errors.first?.message.contains("User.tags") == true)
    }

    @Test("a null in a nullable object's non-null field nulls that object")
    func nullInNestedObject() throws {
        let body = try repair(#"{"data":{"viewer":{"name":"Ada","tags":[],"pet":{"name":null}}}}"#)
        let root = try Root(data: try #require(body.data))
        #expect(root.viewer.pet == nil)
        #expect(root.viewer.tags == [])
        #expect(body.errors.map(\.path) == [[.field("viewer"), .field("pet"), .field("name")]])
    }

    @Test("with no nullable parent on the way, data itself becomes null")
    func nullReachesTheRoot() throws {
        let body = try repair(#"{"data":{"viewer":{"name":null,"tags":null,"pet":null}},"extensions":{"cost":1}}"#)
        #expect(body.data == nil)
        #expect(body.errors.count == 1)
        #expect(body.extensions["cost"] == .int(1))
    }

    @Test("data without a null in a non-null position comes back as it was, with no error")
    func validDataIsUnchanged() throws {
        let json = #"{"data":{"viewer":{"name":"Ada","tags":null,"pet":null}}}"#
        let body = try repair(json)
        #expect(body == GraphQLResponseBody(json: try JSONReader().read(Array(json.utf8))))
    }
}
