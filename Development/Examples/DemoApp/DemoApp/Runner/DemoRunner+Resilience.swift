import Foundation
import SharedKit
import UserKit

extension DemoRunner {
    // MARK: - 8. Fallback

    /// Makes GraphQL fail on the in-process server and shows the profile answered by REST.
    func showFallback(_ container: AppContainer) async throws {
        heading("8. Fallback: GraphQL fails, REST answers")
        guard let server else {
            write("skipped: only the in-process server can be made to fail on purpose")
            return
        }
        container.flags.setBackend(.graphQL, for: .userProfile)
        let profile = UserProfileViewModel(userID: Self.userID, repository: container.users)
        server.setGraphQLFailing(true)
        write("the server now answers GraphQL with 503 Service Unavailable")
        await profile.load()
        server.setGraphQLFailing(false)
        guard let user = profile.state.value else {
            throw DemoError("the profile did not load while GraphQL failed: \(profile.state.failureMessage ?? "")")
        }
        let count = container.router.fallbackCounts[.userProfile] ?? 0
        write("flag on GraphQL: \(Self.describe(user)) (answered by \(profile.backend.map(\.rawValue) ?? "?"))")
        write("fallbacks counted for \(Feature.userProfile): \(count)")
        write("GraphQL answers again")
        summary.fallback = DemoSummary.Fallback(backend: profile.backend, count: count)
        expect(
            profile.backend == .rest && count == 1,
            "step 8: backend \(String(describing: profile.backend)), \(count) fallbacks")
    }

    // MARK: - 9. Offline

    /// Takes the server away and shows what a new container on the same data folder still answers.
    func showOffline() async throws {
        heading("9. Offline: a new container on the same data folder")
        var offline = configuration
        if let server {
            try await server.stop()
            write("the server is stopped")
        } else {
            guard
                let unreachable = AppConfiguration(
                    graphQLEndpoint: Self.unreachableEndpoint, dataDirectory: configuration.dataDirectory,
                    tokenProvider: configuration.tokenProvider, logger: configuration.logger)
            else { throw DemoError("the unreachable endpoint is not a valid URL") }
            offline = unreachable
            write("the new container points at a port nothing listens on")
        }
        let container = try AppContainer(configuration: offline)
        defer { try? container.close() }

        let list = ProductListViewModel(repository: container.products)
        await list.load(freshness: .cachedIfAvailable)
        if let message = list.state.failureMessage { write("cachedIfAvailable failed: \(message)") }
        write("cachedIfAvailable: \(Self.describe(list.lists))")
        summary.offlineOrigins = list.lists.map(\.origin)
        expect(summary.offlineOrigins == [.cache], "step 9: the offline list came from \(summary.offlineOrigins)")

        let profile = UserProfileViewModel(userID: Self.userID, repository: container.users)
        profile.observe()
        await ObservableCondition.wait { !profile.observedUsers.isEmpty || profile.state.failureMessage != nil }
        profile.stopObserving()
        if let user = profile.observedUsers.first {
            write("profile screen, from the cache: \(Self.describe(user))")
            summary.offlineProfile = user
        } else {
            write("profile screen: not cached (\(profile.state.failureMessage ?? ""))")
        }

        let catalogue = ProductCatalogViewModel(
            catalog: container.products.catalog(category: nil, pageSize: Self.cataloguePageSize))
        catalogue.observe()
        await ObservableCondition.wait { catalogue.state.value != nil || catalogue.state.failureMessage != nil }
        catalogue.stopObserving()
        if let products = catalogue.state.value {
            write("catalogue screen, from the cache: \(products.count) products, every page loaded before")
            summary.offlineCatalogueCount = products.count
        } else {
            write("catalogue screen: not cached (\(catalogue.state.failureMessage ?? ""))")
        }
        expect(
            summary.offlineCatalogueCount == summary.catalogueCounts.last,
            "step 9: the offline catalogue showed \(summary.offlineCatalogueCount.map(String.init) ?? "nothing")")

        await list.load(freshness: .network)
        let failure = list.state.failureMessage
        write("network-only products: \(failure.map { "failed: \($0)" } ?? "answered, unexpectedly")")
        summary.networkOnlyFailure = failure
        expect(failure != nil, "step 9: the network-only load did not fail")
    }

    // MARK: - 10. Comparison

    /// Prints the table of REST and GraphQL requests sent while the server was up.
    func showComparison(_ log: RequestLog) {
        heading("10. REST and GraphQL requests compared")
        let comparison = RequestComparison(requests: log.requests)
        for line in comparison.lines { write(line) }
        summary.comparison = comparison
        expect(
            comparison.rows.count == 2 && comparison.rows.allSatisfy { $0.count > 0 },
            "step 10: a kind of request is missing from the table")
    }
}
