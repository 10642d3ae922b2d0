import APICoreKit
import Observation
import ProductKit
import SharedKit

/// The infinite-scroll catalogue screen's state: the products of every page loaded, from a
/// ``ProductKit/ProductCatalog``.
@Observable
@MainActor
public final class ProductCatalogViewModel {
    /// The list as the screen follows it (``observe()``): the catalogue's model, with the pages the cache holds
    /// already in it when the catalogue could read them, so a view shows them in its first frame.
    public let catalogue: APIPagedQueryModel<Product>

    /// What the screen shows: every product loaded so far, a spinner before the first list, or why it failed.
    public var state: LoadState<[Product]> {
        if let failure = catalogue.failure { return .failed(message: ServiceError(modelFailure: failure).description) }
        if catalogue.isLoading && catalogue.items.isEmpty { return .loading }
        return .loaded(catalogue.items)
    }

    /// Whether the server has more products: the screen shows a loading row at the end while it does.
    public var hasMore: Bool { catalogue.hasMore }

    /// A view model over `catalog`.
    public init(catalog: any ProductCatalog) {
        catalogue = catalog.model()
    }

    /// Shows the list now (every page the cache holds, or else the first page from the network) and after every
    /// page, refresh or change, until ``stopObserving()``.
    public func observe() {
        catalogue.start()
    }

    /// Stops the observation ``observe()`` started.
    public func stopObserving() {
        catalogue.stop()
    }

    /// Loads the next page, as the screen does when its last row appears; `false` when there was none to load. The
    /// list shows the new page through the observation.
    @discardableResult
    public func loadMore() async -> Bool {
        await catalogue.loadMore()
    }

    /// Starts the list over from the first page, as pull to refresh does.
    public func refresh() async {
        await catalogue.refresh()
    }
}
