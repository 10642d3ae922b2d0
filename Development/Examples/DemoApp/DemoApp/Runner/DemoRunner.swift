import Foundation
import ProductKit
import SharedKit
import UserKit

/// Runs the demo: the app's screens (view models) over both backends, the cache, a live subscription, the entity
/// store, a fallback, offline use, and a comparison of the requests, writing what happens as lines of text.
///
/// The steps:
/// 1. The profile of `u1` over GraphQL, then over REST: the same domain value.
/// 2. An optimistic update: the observer sees the e-mail as typed, then as the server stored it.
/// 3. An avatar upload: an image file streamed from disk in a multipart request, with its progress, checked against
///    the server's digest of what it received.
/// 4. Product lists as the cache policies serve them: network, cache, then cache followed by network.
/// 5. The catalogue, paged: pages merged into one list by the cache, a refresh that starts it over.
/// 6. A live price subscription that receives three changes.
/// 7. The entity store, holding the last price received.
/// 8. A fallback from a failing GraphQL server to REST (in-process server only).
/// 9. Offline: a new container on the same data folder answers from the SQLite cache, every catalogue page included.
/// 10. A table comparing the REST and GraphQL requests.
///
/// The output is the same from run to run except for the latencies in the table.
@MainActor
public final class DemoRunner {
    /// Receives each line of the demo's output.
    public typealias Output = @MainActor (String) -> Void

    /// The user the profile steps show (a seed user of the demo server).
    public static let userID = "u1"
    /// The product whose price the subscription follows.
    public static let productID = "p1"
    /// The address the update types, in mixed case; the server stores it lowercased.
    public static let typedEmail = "Ada.Lovelace@Example.COM"
    /// The prices the subscription step sets, in cents.
    public static let newPrices: [Int64] = [4_100, 4_250, 4_399]
    /// Where the offline step points a container when the server is not in this process: a port nothing listens on.
    public static let unreachableEndpoint = URL(string: "http://127.0.0.1:1/graphql")!

    let configuration: AppConfiguration
    let server: (any DemoServerControl)?
    let write: Output
    var summary = DemoSummary()

    /// A runner for the server `configuration` describes; `server` is the in-process server, or `nil` for an
    /// external one. Each line goes to `output`.
    public init(configuration: AppConfiguration, server: (any DemoServerControl)?, output: @escaping Output) {
        self.configuration = configuration
        self.server = server
        self.write = output
    }

    /// Runs every step and returns what they observed; throws when a step cannot go on.
    public func run() async throws -> DemoSummary {
        summary = DemoSummary()
        let container = try AppContainer(configuration: configuration)
        do {
            try await showProfiles(container)
            try await showOptimisticUpdate(container)
            try await showAvatarUpload(container)
            try await showProductLists(container)
            try await showCatalogue(container)
            try await showLivePrices(container)
            try await showStoredProducts(container)
            try await showFallback(container)
        } catch {
            try? container.close()
            throw error
        }
        try container.close()
        try await showOffline()
        showComparison(container.requestLog)
        return summary
    }

    // MARK: - 1. Profiles

    private func showProfiles(_ container: AppContainer) async throws {
        heading("1. User profile: GraphQL and REST")
        let profile = UserProfileViewModel(userID: Self.userID, repository: container.users)
        var loaded: [Backend: User] = [:]
        for backend in [Backend.graphQL, .rest] {
            container.flags.setBackend(backend, for: .userProfile)
            await profile.load()
            guard let user = profile.state.value else {
                throw DemoError("the profile did not load over \(backend): \(profile.state.failureMessage ?? "")")
            }
            write("flag on \(backend): \(Self.describe(user)) (answered by \(profile.backend.map(\.rawValue) ?? "?"))")
            expect(profile.backend == backend, "step 1: the \(backend) load was answered by another backend")
            loaded[backend] = user
        }
        container.flags.setBackend(.graphQL, for: .userProfile)
        summary.graphQLProfile = loaded[.graphQL]
        summary.restProfile = loaded[.rest]
        let equal = loaded[.graphQL] == loaded[.rest]
        write("the two domain values are equal: \(equal ? "yes" : "no")")
        expect(equal, "step 1: GraphQL and REST gave different users")
    }

    // MARK: - 2. Optimistic update

    /// The name of UserKit's operation that changes a user.
    static let updateOperation = "UpdateUser"

    private func showOptimisticUpdate(_ container: AppContainer) async throws {
        heading("2. Optimistic update: the observer sees the typed e-mail, then the server's")
        let profile = UserProfileViewModel(userID: Self.userID, repository: container.users)
        profile.observe()
        defer { profile.stopObserving() }
        await ObservableCondition.wait { !profile.observedUsers.isEmpty || profile.state.failureMessage != nil }
        guard let current = profile.observedUsers.first else {
            throw DemoError("the profile could not be observed: \(profile.state.failureMessage ?? "")")
        }
        write("observing \(Self.userID): \(current.email)")
        let serverEmail = Self.typedEmail.lowercased()
        let start = profile.observedUsers.count
        write("updating the e-mail to \(Self.typedEmail)")
        // The in-process server holds UserKit's mutation until the screen has shown the optimistic e-mail: over loopback
        // the answer can otherwise come within the same frame, and the screen shows only the server's.
        server?.hold(operationName: Self.updateOperation)
        let update = Task { await profile.update(UserUpdate(email: Self.typedEmail)) }
        if let server {
            await ObservableCondition.wait {
                profile.observedUsers.dropFirst(start).contains { $0.email == Self.typedEmail }
                    || profile.state.failureMessage != nil
            }
            server.release(operationName: Self.updateOperation)
        }
        await ObservableCondition.wait {
            profile.observedUsers.dropFirst(start).contains { $0.email == serverEmail }
                || profile.state.failureMessage != nil
        }
        await update.value
        if let message = profile.state.failureMessage { throw DemoError("the update failed: \(message)") }
        let emails = Self.withoutRepeats(profile.observedUsers.dropFirst(start).map(\.email))
        for email in emails {
            let kind =
                switch email {
                case Self.typedEmail: "optimistic, as typed"
                case serverEmail: "the server's, lowercased"
                default: "unexpected"
                }
            write("observer: \(email) (\(kind))")
        }
        write("update answered by \(profile.backend.map(\.rawValue) ?? "?")")
        summary.observedEmails = emails
        // Against an external server nothing holds the answer: if it came within one frame, the screen showed only it.
        let shown = server == nil && emails == [serverEmail] ? emails : [Self.typedEmail, serverEmail]
        expect(emails == shown, "step 2: the observer saw \(emails)")
    }

    // MARK: - 4. Product lists

    private func showProductLists(_ container: AppContainer) async throws {
        heading("4. Products: cachedIfAvailable twice, then cachedThenNetwork")
        container.flags.setBackend(.graphQL, for: .products)
        let list = ProductListViewModel(repository: container.products)
        let loads: [(Freshness, [DataOrigin])] = [
            (.cachedIfAvailable, [.network]), (.cachedIfAvailable, [.cache]), (.cachedThenNetwork, [.cache, .network]),
        ]
        for (freshness, expected) in loads {
            await list.load(freshness: freshness)
            if let message = list.state.failureMessage { throw DemoError("the products did not load: \(message)") }
            let origins = list.lists.map(\.origin)
            write("\(Self.name(of: freshness)): \(Self.describe(list.lists))")
            summary.productLoads.append(origins)
            expect(origins == expected, "step 4: \(Self.name(of: freshness)) came from \(origins)")
        }
    }

    // MARK: - Output

    func heading(_ title: String) {
        write("")
        write("== \(title)")
    }

    /// Notes an unmet expectation; the run goes on so that every step is shown.
    func expect(_ condition: Bool, _ problem: @autoclosure () -> String) {
        guard !condition else { return }
        summary.problems.append(problem())
        write("!! \(problem())")
    }

    static func describe(_ user: User) -> String {
        let role =
            switch user.role {
            case .admin: "admin"
            case .customer: "customer"
            case .other(let value): value
            }
        return "\(user.name) <\(user.email)>, \(role), id \(user.id)"
    }

    static func describe(_ lists: [ProductList]) -> String {
        lists.map { "\($0.products.count) products from \($0.origin) (\($0.backend))" }.joined(separator: ", then ")
    }

    static func name(of freshness: Freshness) -> String {
        switch freshness {
        case .cachedIfAvailable: "cachedIfAvailable"
        case .cachedThenNetwork: "cachedThenNetwork"
        case .network: "network"
        }
    }

    /// `values` with each run of equal neighbours reduced to one.
    static func withoutRepeats<Value: Equatable>(_ values: [Value]) -> [Value] {
        values.reduce(into: []) { result, value in
            if result.last != value { result.append(value) }
        }
    }
}
