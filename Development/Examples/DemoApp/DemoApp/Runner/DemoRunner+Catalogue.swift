import Foundation
import ProductKit
import SharedKit

extension DemoRunner {
    // MARK: - 5. Catalogue

    /// How many products a page of the catalogue holds.
    public static let cataloguePageSize = 3

    /// Pages through the catalogue as an infinite-scroll screen does: the first page, the next, a load past the end,
    /// a refresh, and the next page again.
    func showCatalogue(_ container: AppContainer) async throws {
        heading("5. Catalogue: pages of \(Self.cataloguePageSize), merged into one list by the cache")
        let requestsBefore = Self.graphQLRequestCount(container.requestLog)
        let screen = ProductCatalogViewModel(
            catalog: container.products.catalog(category: nil, pageSize: Self.cataloguePageSize))
        screen.observe()
        defer { screen.stopObserving() }

        try await showCatalogueCount(screen, after: "first page", changedFrom: nil)
        guard screen.hasMore else {
            write("the catalogue has one page only: nothing more to show")
            return
        }
        repeat {
            let shown = screen.state.value?.count
            guard await screen.loadMore() else {
                throw DemoError("a page the server announced did not load: \(screen.state.failureMessage ?? "")")
            }
            try await showCatalogueCount(screen, after: "a page more", changedFrom: shown)
        } while screen.hasMore
        let pastTheEnd = await screen.loadMore()
        write("a page more at the end: \(pastTheEnd ? "a page loaded, unexpectedly" : "nothing to load, nothing sent")")
        expect(!pastTheEnd, "step 5: a load past the end loaded a page")
        let everything = screen.state.value ?? []

        await screen.refresh()
        try await showCatalogueCount(screen, after: "refresh, the list starts over", changedFrom: everything.count)
        let shown = screen.state.value?.count
        guard await screen.loadMore() else {
            throw DemoError("the second page did not load again: \(screen.state.failureMessage ?? "")")
        }
        try await showCatalogueCount(screen, after: "a page more", changedFrom: shown)

        let requests = Self.graphQLRequestCount(container.requestLog) - requestsBefore
        write("GraphQL requests sent for these \(summary.catalogueCounts.count + 1) actions: \(requests)")
        summary.catalogueRequests = requests
        let ids = everything.map(\.id)
        expect(Set(ids).count == ids.count, "step 5: the merged list repeats products: \(ids)")
        expect(requests == summary.catalogueCounts.count, "step 5: \(requests) requests were sent")
    }

    /// Waits until the screen lists a number of products other than `count` (any, for `nil`) or failed, then shows
    /// and notes how many it lists.
    private func showCatalogueCount(
        _ screen: ProductCatalogViewModel, after action: String, changedFrom count: Int?
    ) async throws {
        await ObservableCondition.wait {
            screen.state.failureMessage != nil || (screen.state.value.map { $0.count != count } ?? false)
        }
        if let message = screen.state.failureMessage { throw DemoError("the catalogue failed: \(message)") }
        let products = screen.state.value ?? []
        let names = products.map(\.name).joined(separator: ", ")
        write("\(action): \(products.count) products, more to load: \(screen.hasMore ? "yes" : "no") (\(names))")
        summary.catalogueCounts.append(products.count)
    }

    /// The GraphQL requests the container has sent over the network so far.
    static func graphQLRequestCount(_ log: RequestLog) -> Int {
        log.requests.filter { $0.kind.isGraphQL && !$0.isCacheHit }.count
    }
}
