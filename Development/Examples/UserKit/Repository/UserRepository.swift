import APICoreKit
import SharedKit

/// What the app's screens may ask about users. ``UserService`` implements it over GraphQL or REST; tests and
/// previews may implement it with fixed data.
public protocol UserRepository: Sendable {
    /// The user with `id`, from the network. Throws ``SharedKit/ServiceError``.
    func user(id: String) async throws(ServiceError) -> UserResult

    /// The user with `id` now and after every change the app learns of (an update, optimistic or confirmed, or a
    /// refetch), starting with the cached value when there is one.
    func observeUser(id: String) -> AsyncThrowingStream<User, any Error>

    /// The profile screen's model of the user with `id`: the cached user in the first frame when the repository can
    /// read one synchronously, then ``observeUser(id:)``'s values while the screen follows it; a failure's
    /// ``APICoreKit/APIError/underlying`` error is the ``SharedKit/ServiceError``.
    @MainActor
    func profileModel(id: String) -> APIQueryModel<User>

    /// Applies `update` to `user`. Over GraphQL, observers see the expected result at once and the server's
    /// result when it answers (or the old value again if the update fails).
    func updateUser(_ user: User, with update: UserUpdate) async throws(ServiceError) -> UserResult

    /// Uploads `image` as the avatar of the user with `userID` (GraphQL only), reporting each step of the upload to
    /// `progress` before it returns the avatar as the server stored it.
    func uploadAvatar(
        userID: String, image: AvatarImage, progress: @escaping @Sendable (AvatarUploadProgress) -> Void
    ) async throws(ServiceError) -> Avatar
}

extension UserRepository {
    /// A model over ``observeUser(id:)``, refreshed with ``user(id:)``. It starts loading: the protocol has no
    /// synchronous cache read, so a repository that has one (``UserService``) gives its own.
    @MainActor
    public func profileModel(id: String) -> APIQueryModel<User> {
        APIQueryModel(values: { observeUser(id: id) }, refresh: { try await user(id: id).user })
    }
}

/// A user and the backend that produced it.
public struct UserResult: Sendable, Hashable {
    /// The user as the backend returned it.
    public var user: User
    /// The backend that answered: GraphQL, or REST when the flag says so or GraphQL fell back to it.
    public var backend: Backend

    /// A result.
    public init(user: User, backend: Backend) {
        self.user = user
        self.backend = backend
    }
}
