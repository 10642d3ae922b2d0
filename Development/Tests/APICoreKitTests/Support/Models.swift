import APICoreKit
import APICoreTestSupport

/// A user as the REST routes and hand-written `Decodable` queries see it.
struct RESTUser: Codable, Sendable, Hashable {
    var id: String
    var name: String
    var email: String?
    var role: String
    var followerCount: Int64
}

/// The body of `POST /rest/users` and `PUT /rest/users/{id}`.
struct UserInput: Encodable, Sendable {
    var name: String
    var email: String?
    var role: String
}

/// `{ user(id:) { id name role followerCount } }` decoded without generated code.
struct UserQueryResponse: Decodable, Sendable {
    struct User: Decodable, Sendable {
        var id: String
        var name: String
        var role: String
        var followerCount: Int64
    }
    var user: User?
}

/// A domain model, as a feature kit maps it from generated data.
struct Member: Sendable, Hashable {
    var id: String
    var displayName: String
    var isAdmin: Bool
}

/// A feature kit's request: a generated query plus the mapping to its domain model.
struct GetMemberRequest: GraphQLRequest {
    struct MissingUser: Error {}

    var operation: UserDetailsQuery

    func map(data: UserDetailsQuery.Data) throws -> Member {
        guard let user = data.user else { throw MissingUser() }
        return Member(id: user.id, displayName: user.name.uppercased(), isAdmin: user.role == .admin)
    }
}
