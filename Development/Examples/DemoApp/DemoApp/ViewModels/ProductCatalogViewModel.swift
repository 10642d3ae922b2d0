import Observation
import ProductKit
import SharedKit

/// The infinite-scroll catalogue screen's state: the products of every page loaded, from a
/// ``ProductKit/ProductCatalog``.
@Observable
@MainActor
public final class ProductCatalogViewModel {
    /// What the screen shows: every product loaded so far.
    public private(set) var state: LoadState<[Product]> = .idle
    /// Whether the server has more products: the screen shows a loading row at the end while it does.
    public private(set) var hasMore = false
    /// Every listing ``observe()`` delivered, in order.
    public private(set) var listings: [ProductListing] = []

    @ObservationIgnored private let catalog: any ProductCatalog
    @ObservationIgnored private var observation: Task<Void, Never>?

    /// A view model over `catalog`.
    public init(catalog: any ProductCatalog) {
        self.catalog = catalog
    }

    /// Shows the list now (every page the cache holds, or else the first page from the network) and after every
    /// page, refresh or change, until ``stopObserving()``.
    public func observe() {
        observation?.cancel()
        state = .loading
        let listings = catalog.listings()
        observation = Task { [weak self] in
            do {
                for try await listing in listings {
                    guard let self else { return }
                    self.listings.append(listing)
                    hasMore = listing.hasMore
                    state = .loaded(listing.products)
                }
            } catch is CancellationError {
                return
            } catch {
                self?.state = .failed(
                    message: (error as? ServiceError)?.description ?? "the catalogue failed: \(error)")
            }
        }
    }

    /// Stops the observation ``observe()`` started.
    public func stopObserving() {
        observation?.cancel()
        observation = nil
    }

    /// Loads the next page, as the screen does when its last row appears; `false` when there was none to load. The
    /// list shows the new page through the observation.
    @discardableResult
    public func loadMore() async -> Bool {
        do {
            return try await catalog.loadNext()
        } catch {
            state = .failed(message: error.description)
            return false
        }
    }

    /// Starts the list over from the first page, as pull to refresh does.
    public func refresh() async {
        do {
            try await catalog.refresh()
        } catch {
            state = .failed(message: error.description)
        }
    }
}
