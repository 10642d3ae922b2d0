import APICoreCache
import APICoreGraphQL
import APICoreKit
import APICoreTesting
import Foundation
import SharedKit
import Testing
import UserKit
import UserKitTestMocks

/// `UserService` with `APICoreTesting`'s mock client: no network, every answer stubbed.
@Suite("UserService (mock client)")
struct UserServiceTests {
    /// Ada as `UserProfileQuery` reads her, with `role` and `email` as given.
    static func adaProfile(role: String = "ADMIN", email: String = "ada@example.com") -> UserProfileQuery.Data {
        UserProfileQuery.Data(
            user: .init(
                id: "u1", name: "Ada Lovelace", email: email, role: GraphQLEnum(rawValue: role),
                createdAt: 1_700_000_000_123))
    }

    /// The REST body of a user: the same fields as the GraphQL object, without `__typename`.
    static func restBody(_ profile: UserProfileQuery.Data) -> JSONValue {
        var object = profile.user?.__data ?? [:]
        object["__typename"] = nil
        return .object(object)
    }
    static let ada = User(
        id: "u1", name: "Ada Lovelace", email: "ada@example.com", role: .admin,
        createdAt: Date(timeIntervalSince1970: 1_700_000_000.123))

    struct Fixture {
        let mock: MockGraphQLClient
        let flags: FeatureFlags
        let router: BackendRouter
        let log: CapturingLogHandler
        let service: UserService

        init(interceptors: [any APIInterceptor] = [], cache: CacheStore? = nil) {
            mock = MockGraphQLClient(interceptors: interceptors) { $0.cache = cache }
            flags = FeatureFlags()
            log = CapturingLogHandler()
            router = BackendRouter(flags: flags, logger: log.logger)
            service = UserService(client: mock.client, router: router)
        }
    }

    @Test("over GraphQL, the UserFields fragment maps to the domain user: role, exact 64-bit time stamp")
    func graphQLMapping() async throws {
        let fixture = Fixture()
        fixture.mock.stub(UserProfileQuery.self, data: Self.adaProfile())

        let result = try await fixture.service.user(id: "u1")

        #expect(result == UserResult(user: Self.ada, backend: .graphQL))
        #expect(fixture.mock.performed(UserProfileQuery.self) == [["id": "u1"]])
        #expect(fixture.mock.transport.requests.count == 1)
    }

    @Test("with the flag on REST, the same user comes from GET /users/{id} and no GraphQL call is made")
    func restMapping() async throws {
        let fixture = Fixture()
        fixture.flags.setBackend(.rest, for: .userProfile)
        fixture.mock.transport.stub(.get, "/users/u1", .json(Self.restBody(Self.adaProfile())))

        let result = try await fixture.service.user(id: "u1")

        #expect(result == UserResult(user: Self.ada, backend: .rest))
        #expect(fixture.mock.performedOperations.isEmpty)
    }

    @Test("a GraphQL 503 falls back to REST, logged with the feature and the error code, and counted")
    func fallback() async throws {
        let fixture = Fixture()
        fixture.mock.stub(UserProfileQuery.self, status: 503)
        fixture.mock.transport.stub(.get, "/users/u1", .json(Self.restBody(Self.adaProfile())))

        let result = try await fixture.service.user(id: "u1")

        #expect(result == UserResult(user: Self.ada, backend: .rest))
        #expect(fixture.router.fallbackCounts == [.userProfile: 1])
        let warnings = fixture.log.messages.filter { $0.hasPrefix("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("feature=userProfile") == true)
        #expect(warnings.first?.contains("error=httpStatus") == true)
    }

    @Test("with fallback switched off, a GraphQL failure is the caller's ServiceError and REST is never called")
    func noFallbackWhenSwitchedOff() async throws {
        let fixture = Fixture()
        fixture.flags.fallsBackToREST = false
        fixture.mock.stub(UserProfileQuery.self, .networkFailure)

        await #expect(throws: ServiceError.self) { try await fixture.service.user(id: "u1") }
        #expect(fixture.mock.transport.requests.allSatisfy { $0.kind != .rest })
        #expect(fixture.router.fallbackCounts.isEmpty)
    }

    @Test("an unauthorized GraphQL call does not fall back: REST would be refused the same way")
    func noFallbackOnUnauthorized() async throws {
        let fixture = Fixture()
        fixture.mock.stub(UserProfileQuery.self, error: .unauthorized)
        fixture.mock.transport.stub(.get, "/users/u1", .json(Self.restBody(Self.adaProfile())))

        await #expect(throws: ServiceError.self) { try await fixture.service.user(id: "u1") }
        #expect(fixture.router.fallbackCounts.isEmpty)
    }

    @Test("a user built from the test mocks maps with the fields the test names and placeholders for the rest")
    func testMocks() async throws {
        let fixture = Fixture()
        let ada = UserAPIMocks.User(
            name: "Ada Lovelace", email: "ada@example.com", role: GraphQLEnum(rawValue: "ADMIN"))
        fixture.mock.stub(UserProfileQuery.self, mock: UserAPIMocks.Query(user: ada))

        let user = try await fixture.service.user(id: "u1").user

        #expect(user.name == "Ada Lovelace")
        #expect(user.role == .admin)
        #expect(user.id == "User:1")
        #expect(user.createdAt == Date(timeIntervalSince1970: 0))
    }

    @Test("a missing user is notFound over GraphQL (null) and over REST (404)")
    func notFound() async throws {
        let fixture = Fixture()
        fixture.mock.stub(UserProfileQuery.self, data: UserProfileQuery.Data(user: nil))
        await #expect(throws: ServiceError.notFound(kind: "user", id: "u9")) {
            try await fixture.service.user(id: "u9")
        }
        fixture.flags.setBackend(.rest, for: .userProfile)
        fixture.mock.transport.stub(.get, "/users/u9", .status(404))
        await #expect(throws: ServiceError.notFound(kind: "user", id: "u9")) {
            try await fixture.service.user(id: "u9")
        }
    }

    @Test("a role this app does not know survives as .other, over both backends")
    func unknownRole() async throws {
        let fixture = Fixture()
        let auditor = Self.adaProfile(role: "AUDITOR")
        fixture.mock.stub(UserProfileQuery.self, data: auditor)
        #expect(try await fixture.service.user(id: "u1").user.role == .other("AUDITOR"))
        fixture.flags.setBackend(.rest, for: .userProfile)
        fixture.mock.transport.stub(.get, "/users/u1", .json(Self.restBody(auditor)))
        #expect(
            try await fixture.service.user(id: "u1")
                == UserResult(
                    user: {
                        var user = Self.ada
                        user.role = .other("AUDITOR")
                        return user
                    }(), backend: .rest))
    }

    @Test("an update shows the expected user to observers at once, then the server's, with nothing in between")
    func optimisticUpdate() async throws {
        let gate = GateInterceptor(holding: UpdateUserMutation.operationName)
        let fixture = Fixture(interceptors: [gate], cache: CacheStore())
        fixture.mock.stub(UserProfileQuery.self, data: Self.adaProfile())
        let confirmed = try #require(Self.adaProfile(email: "ada.lovelace@example.com").user)
        fixture.mock.stub(
            UpdateUserMutation.self,
            data: .init(
                updateUser: .init(
                    id: confirmed.id, name: confirmed.name, email: confirmed.email, role: confirmed.role,
                    createdAt: confirmed.createdAt)))

        var observed = fixture.service.observeUser(id: "u1").makeAsyncIterator()
        #expect(try await observed.next()?.email == "ada@example.com")

        let update = Task {
            try await fixture.service.updateUser(Self.ada, with: UserUpdate(email: "Ada.Lovelace@Example.COM"))
        }
        await gate.waitForRequest()
        #expect(
            try await observed.next()?.email == "Ada.Lovelace@Example.COM",
            "the optimistic value, before the server answers")
        gate.open()
        #expect(try await observed.next()?.email == "ada.lovelace@example.com", "the server's value replaces it")
        #expect(
            try await update.value
                == UserResult(user: Self.ada.applying(UserUpdate(email: "ada.lovelace@example.com")), backend: .graphQL)
        )
        #expect(
            fixture.mock.performed(UpdateUserMutation.self) == [
                ["id": "u1", "input": ["email": "Ada.Lovelace@Example.COM"]]
            ])
    }

    @Test("a failed update rolls the optimistic value back: observers see the old user again")
    func optimisticRollback() async throws {
        let gate = GateInterceptor(holding: UpdateUserMutation.operationName)
        let fixture = Fixture(interceptors: [gate], cache: CacheStore())
        fixture.flags.fallsBackToREST = false
        fixture.mock.stub(UserProfileQuery.self, data: Self.adaProfile())
        fixture.mock.stub(UpdateUserMutation.self, status: 500)

        var observed = fixture.service.observeUser(id: "u1").makeAsyncIterator()
        #expect(try await observed.next()?.name == "Ada Lovelace")
        let update = Task { try await fixture.service.updateUser(Self.ada, with: UserUpdate(name: "Countess")) }
        await gate.waitForRequest()
        #expect(try await observed.next()?.name == "Countess")
        gate.open()
        #expect(try await observed.next()?.name == "Ada Lovelace")
        await #expect(throws: ServiceError.self) { try await update.value }
    }
}
