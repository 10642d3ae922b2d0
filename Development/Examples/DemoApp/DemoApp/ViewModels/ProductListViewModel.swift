import Observation
import ProductKit
import SharedKit

/// The product list screen's state, from a ``ProductKit/ProductRepository``.
@Observable
@MainActor
public final class ProductListViewModel {
    /// What the screen shows: the latest list received.
    public private(set) var state: LoadState<[Product]> = .idle
    /// Every list the last ``load(freshness:)`` received, in order, each with its origin and backend.
    public private(set) var lists: [ProductList] = []

    @ObservationIgnored private let repository: any ProductRepository

    /// A view model reading products from `repository`.
    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    /// Loads all products as fresh as `freshness` asks, showing each list as it arrives; returns when the last one
    /// has arrived or the load failed.
    public func load(freshness: Freshness) async {
        lists = []
        state = .loading
        do {
            for try await list in repository.products(category: nil, freshness: freshness) {
                lists.append(list)
                state = .loaded(list.products)
            }
        } catch {
            state = .failed(
                message: (error as? ServiceError)?.description ?? "the products could not be read: \(error)")
        }
    }
}
