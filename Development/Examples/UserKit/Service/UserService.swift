import APICoreGraphQL
import APICoreKit
import Foundation
import SharedKit

extension Feature {
    /// The profile screen: loading and updating a user.
    public static let userProfile = Feature("userProfile")
}

/// ``UserRepository`` over the app's ``APIClient``: GraphQL or REST as the ``Feature/userProfile`` flag says, with a
/// failed GraphQL call answered by REST when the router allows it.
public final class UserService: UserRepository {
    private let client: APIClient
    private let router: BackendRouter

    /// A service that sends its calls through `client` and picks backends with `router`.
    public init(client: APIClient, router: BackendRouter) {
        self.client = client
        self.router = router
    }

    /// Fetches the user from the network, bypassing the cache, over the flag's backend; throws
    /// `ServiceError.notFound` when the server has no such user.
    public func user(id: String) async throws(ServiceError) -> UserResult {
        let client = client
        let (user, backend) = try await ServiceError.mapping(kind: "user", id: id) { () async throws(APIError) in
            try await router.run(
                .userProfile,
                graphQL: { () async throws(APIError) -> User? in
                    let response = try await client.execute(
                        UserProfileQuery(id: id), options: RequestOptions(cachePolicy: .networkOnly))
                    return response.value.user.map { User($0.fragments.userFields) }
                },
                rest: { () async throws(APIError) -> User? in
                    try await client.send(RESTCall(.get, "/users/\(id)", response: UserDTO.self)).value.user
                })
        }
        guard let user else { throw .notFound(kind: "user", id: id) }
        return UserResult(user: user, backend: backend)
    }

    /// Watches the user's query, cache first, and yields each new value; the stream ends with
    /// `ServiceError.notFound` when the user disappears, and with the mapped `ServiceError` on any failure.
    public func observeUser(id: String) -> AsyncThrowingStream<User, any Error> {
        let watch = client.watch(UserProfileQuery(id: id), cachePolicy: .cacheFirst)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
        let task = Task {
            for await element in watch {
                switch element {
                case .success(let response):
                    guard let fields = response.value.user?.fragments.userFields else {
                        continuation.finish(throwing: ServiceError.notFound(kind: "user", id: id))
                        return
                    }
                    continuation.yield(User(fields))
                case .failure(let error):
                    continuation.finish(throwing: ServiceError(error))
                    return
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// A model of the user's GraphQL query, cache first: the cached user in the first frame, then each change the
    /// cache sees. A user the server does not have fails it with `ServiceError.notFound` as its underlying error.
    @MainActor
    public func profileModel(id: String) -> APIQueryModel<User> {
        APIQueryModel(UserProfileQuery(id: id), client: client, cachePolicy: .cacheFirst) { data in
            guard let fields = data.user?.fragments.userFields else {
                throw ServiceError.notFound(kind: "user", id: id)
            }
            return User(fields)
        }
    }

    /// Updates the user over the flag's backend; over GraphQL, watchers see the expected result at once and the
    /// server's when it answers. Throws `ServiceError.notFound` when the server has no such user.
    public func updateUser(_ user: User, with update: UserUpdate) async throws(ServiceError) -> UserResult {
        let client = client
        let mutation = UpdateUserMutation(
            id: user.id,
            input: UserAPI.UpdateUserInput(name: GraphQLNullable(update.name), email: GraphQLNullable(update.email)))
        let optimistic = Self.optimisticResult(user.applying(update))
        let (updated, backend) = try await ServiceError.mapping(kind: "user", id: user.id) {
            () async throws(APIError) in
            try await router.run(
                .userProfile,
                graphQL: { () async throws(APIError) -> User? in
                    let response = try await client.execute(mutation, optimisticResult: optimistic)
                    return response.value.updateUser.map { User($0.fragments.userFields) }
                },
                rest: { () async throws(APIError) -> User? in
                    let body = UserUpdateDTO(name: update.name, email: update.email)
                    let call = RESTCall(.patch, "/users/\(user.id)", body: body, response: UserDTO.self)
                    return try await client.send(call).value.user
                })
        }
        guard let updated else { throw .notFound(kind: "user", id: user.id) }
        return UserResult(user: updated, backend: backend)
    }

    /// Sends the image as a `multipart/form-data` request (the `UploadAvatar` mutation's `Upload` variable is a
    /// file): a file source streams from disk as it is sent. There is no REST route for avatars.
    public func uploadAvatar(
        userID: String, image: AvatarImage, progress: @escaping @Sendable (AvatarUploadProgress) -> Void
    ) async throws(ServiceError) -> Avatar {
        let file =
            switch image.source {
            case .data(let data): GraphQLFile(data: data, fileName: image.fileName, contentType: image.contentType)
            case .file(let url): GraphQLFile(url: url, fileName: image.fileName, contentType: image.contentType)
            }
        let upload = client.upload(UploadAvatarMutation(userId: userID, file: file))
        // The progress stream finishes when the call ends, so awaiting `reporting` (whatever the outcome) hands every
        // event to `progress` before this returns.
        let reporting = Task {
            for await event in upload.progress {
                progress(event)
            }
        }
        let response: APIResponse<UploadAvatarMutation.Data>
        do {
            response = try await ServiceError.mapping(kind: "user", id: userID) { () async throws(APIError) in
                try await upload.response
            }
        } catch {
            await reporting.value
            throw error
        }
        await reporting.value
        guard let avatar = response.value.uploadAvatar?.avatar else {
            throw .notFound(kind: "user", id: userID)
        }
        return Avatar(
            fileName: avatar.fileName, contentType: avatar.contentType, byteCount: avatar.byteCount,
            sha256: avatar.sha256)
    }

    /// The policies the client's normalized cache needs for this kit's operations: an app passes them, merged with
    /// other kits', to its `CacheKeyResolver`.
    public static var cachePolicies: GraphQLTypePolicies { UserAPI.typePolicies }

    /// The mutation's expected data: `user` as the server is expected to return it.
    private static func optimisticResult(_ user: User) -> UpdateUserMutation.Data {
        UpdateUserMutation.Data(
            updateUser: .init(
                id: user.id, name: user.name, email: user.email, role: GraphQLEnum(rawValue: user.role.graphQLValue),
                createdAt: Int64((user.createdAt.timeIntervalSince1970 * 1000).rounded())))
    }

}
