import Foundation

/// A user of the app, as the screens know it: no GraphQL or REST type in it.
public struct User: Sendable, Hashable, Identifiable {
    /// What a user may do.
    public enum Role: Sendable, Hashable {
        case customer
        case admin
        /// A role this version of the app does not know yet.
        case other(String)
    }

    public var id: String
    public var name: String
    public var email: String
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
    public var name: String?
    public var email: String?

    /// An update.
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
