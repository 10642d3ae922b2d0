/// A user of the demo backend, encoded with the field names of the GraphQL type `User` (REST and GraphQL agree).
public struct DemoUser: Codable, Sendable, Equatable {
    /// The user's id.
    public var id: String
    /// The user's name.
    public var name: String
    /// The user's email address.
    public var email: String
    /// `CUSTOMER` or `ADMIN`, as the GraphQL enum `UserRole` names them.
    public var role: String
    /// Milliseconds since 1970 (the schema's `Long`).
    public var createdAt: Int64

    /// A user with the given fields; `createdAt` is in milliseconds since 1970.
    public init(id: String, name: String, email: String, role: String, createdAt: Int64) {
        self.id = id
        self.name = name
        self.email = email
        self.role = role
        self.createdAt = createdAt
    }
}

/// The changes `updateUser` and `PATCH /rest/users/{id}` apply; absent fields stay as they are.
public struct DemoUserUpdate: Codable, Sendable, Equatable {
    /// The new name, or `nil` to keep the current one.
    public var name: String?
    /// The new email address, or `nil` to keep the current one.
    public var email: String?

    /// An update that changes the given fields and keeps the others.
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
