import APICoreGraphQL
import APICoreKit
import Foundation
import SharedKit

// Maps both backends' data to the domain model: GraphQL's `UserFields` fragment and REST's JSON.

extension User {
    /// The user a `UserFields` fragment describes.
    init(_ fields: UserFields) {
        self.init(
            id: fields.id, name: fields.name, email: fields.email, role: Role(graphQLValue: fields.role.rawValue),
            createdAt: Date(millisecondsSince1970: fields.createdAt))
    }
}

extension User.Role {
    /// The role for the schema's `UserRole` value (REST sends the same names).
    init(graphQLValue: String) {
        switch graphQLValue {
        case "CUSTOMER": self = .customer
        case "ADMIN": self = .admin
        default: self = .other(graphQLValue)
        }
    }

    /// The schema's `UserRole` value.
    var graphQLValue: String {
        switch self {
        case .customer: "CUSTOMER"
        case .admin: "ADMIN"
        case .other(let value): value
        }
    }
}

extension Date {
    /// The date `milliseconds` after 1970, the schema's `Long` time stamps.
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// A user as `GET /rest/users/{id}` returns it.
struct UserDTO: Decodable, Sendable {
    var id: String
    var name: String
    var email: String
    var role: String
    var createdAt: Int64

    var user: User {
        User(
            id: id, name: name, email: email, role: User.Role(graphQLValue: role),
            createdAt: Date(millisecondsSince1970: createdAt))
    }
}

/// The body of `PATCH /rest/users/{id}`.
struct UserUpdateDTO: Encodable, Sendable {
    var name: String?
    var email: String?
}
