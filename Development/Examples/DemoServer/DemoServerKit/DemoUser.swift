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
    /// The image the user last uploaded as their avatar (GraphQL only), if any.
    public var avatar: DemoAvatar?

    /// A user with the given fields; `createdAt` is in milliseconds since 1970.
    public init(
        id: String, name: String, email: String, role: String, createdAt: Int64, avatar: DemoAvatar? = nil
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.role = role
        self.createdAt = createdAt
        self.avatar = avatar
    }
}

/// An uploaded avatar as the server received it: what a client checks its upload against.
public struct DemoAvatar: Codable, Sendable, Equatable {
    /// The file name the multipart part carried.
    public var fileName: String
    /// The content type the multipart part carried.
    public var contentType: String
    /// The size of the file, in bytes.
    public var byteCount: Int
    /// The SHA-256 digest of the file's bytes, in lowercase hexadecimal.
    public var sha256: String

    /// An avatar with the given description.
    public init(fileName: String, contentType: String, byteCount: Int, sha256: String) {
        self.fileName = fileName
        self.contentType = contentType
        self.byteCount = byteCount
        self.sha256 = sha256
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
