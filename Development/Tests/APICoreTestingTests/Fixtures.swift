import APICoreKit
import APICoreTestSupport
import APICoreTesting
import Foundation

/// Response data and domain requests shared by the APICoreTesting tests.
enum Fixtures {
    static let endpoint = URL(string: "https://api.example.test/graphql")!

    /// `user` of `UserDetailsQuery` as the server sends it; Ada's follower count is 2^53 + 1. An `email` is
    /// included only when given, as with `withEmail: true`.
    static func userData(
        id: String = "1",
        name: String = "Ada Lovelace",
        role: String = "ADMIN",
        email: String? = nil
    ) -> JSONObject {
        var user: JSONObject = [
            "__typename": "User", "id": .string(id), "name": .string(name), "role": .string(role),
            "followerCount": 9_007_199_254_740_993,
        ]
        if let email { user["email"] = .string(email) }
        return ["user": .object(user)]
    }

    /// A client on `transport`, with REST paths resolved against the endpoint's origin.
    static func client(on transport: InMemoryTransport) -> APIClient {
        APIClient(configuration: APIClientConfiguration(graphQLEndpoint: endpoint, transport: transport))
    }
}

/// A domain model, as a feature kit maps it from generated data.
struct Member: Sendable, Hashable {
    var id: String
    var displayName: String
    var isAdmin: Bool
}

/// A feature kit's request: `UserDetailsQuery` mapped to a `Member`.
struct GetMemberRequest: GraphQLRequest {
    struct MissingUser: Error {}

    var operation: UserDetailsQuery

    func map(data: UserDetailsQuery.Data) throws -> Member {
        guard let user = data.user else { throw MissingUser() }
        return Member(id: user.id, displayName: user.name.uppercased(), isAdmin: user.role == .admin)
    }
}

/// A REST user.
struct RESTUser: Codable, Sendable, Hashable {
    var id: String
    var name: String
}

/// The body of a REST user creation.
struct NewUser: Encodable, Sendable {
    var name: String
}
