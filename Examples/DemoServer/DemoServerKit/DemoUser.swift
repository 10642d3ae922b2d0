/// A user of the demo backend, encoded with the field names of the GraphQL type `User` (REST and GraphQL agree).
public struct DemoUser: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var email: String
    /// `CUSTOMER` or `ADMIN`, as the GraphQL enum `UserRole` names them.
    public var role: String
    /// Milliseconds since 1970 (the schema's `Long`).
    public var createdAt: Int64

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
    public var name: String?
    public var email: String?

    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
