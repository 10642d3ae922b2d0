import Foundation

/// A user of the app, as the screens know it: no GraphQL or REST type in it.
public struct User: Sendable, Hashable, Identifiable {
    /// What a user may do.
    public enum Role: Sendable, Hashable {
        /// A customer: `CUSTOMER` over GraphQL and REST.
        case customer
        /// An administrator: `ADMIN` over GraphQL and REST.
        case admin
        /// A role this version of the app does not know yet.
        case other(String)
    }

    /// The user's id, the same over GraphQL and REST.
    public var id: String
    /// The name shown on the profile.
    public var name: String
    /// The user's email address.
    public var email: String
    /// The user's role, which decides what they may do.
    public var role: Role
    /// When the account was created.
    public var createdAt: Date

    /// A user.
    public init(id: String, name: String, email: String, role: Role, createdAt: Date) {
        self.id = id
        self.name = name
        self.email = email
        self.role = role
        self.createdAt = createdAt
    }

    /// The user with `update` applied, as the app expects the server to store it.
    public func applying(_ update: UserUpdate) -> User {
        var user = self
        if let name = update.name { user.name = name }
        if let email = update.email { user.email = email }
        return user
    }
}

/// The changes a profile screen can make; `nil` leaves a field as it is.
public struct UserUpdate: Sendable, Hashable {
    /// The new name; `nil` keeps the current one.
    public var name: String?
    /// The new email address; `nil` keeps the current one.
    public var email: String?

    /// An update.
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
