import APICoreKit
import SharedKit

/// What the app's screens may ask about products. ``ProductService`` implements it over GraphQL or REST.
public protocol ProductRepository: Sendable {
    /// The products (of one category, or all) as fresh as asked: one list, or two for
    /// ``Freshness/cachedThenNetwork`` when the cache holds one. Throws ``SharedKit/ServiceError``.
    func products(category: Product.Category?, freshness: Freshness) -> AsyncThrowingStream<ProductList, any Error>

    /// One product, from the network.
    func product(id: String) async throws(ServiceError) -> Product

    /// Sets a product's price and returns the product as the server stored it.
    func updatePrice(productID: String, cents: Int64) async throws(ServiceError) -> Product

    /// Each new price of a product, live, until the consuming task ends.
    func priceChanges(productID: String) -> AsyncThrowingStream<Product, any Error>

    /// The catalogue (of one category, or all) `pageSize` products at a time, for an infinite-scroll list; GraphQL
    /// only. Every page goes through the app's normalized cache, which merges the pages into one list.
    func catalog(category: Product.Category?, pageSize: Int) -> any ProductCatalog

    /// The products kept on this device (the entity store, filled from every product the kit receives), now and
    /// after each change, sorted by name.
    func storedProducts() -> AsyncThrowingStream<[Product], any Error>
}

/// A list of products, where it came from and which backend produced it.
public struct ProductList: Sendable, Hashable {
    /// The products, in the order the backend returned them.
    public var products: [Product]
    /// Whether the list came from the app's cache or from the network.
    public var origin: DataOrigin
    /// The backend that produced the list: GraphQL, or REST when the flag says so or GraphQL fell back to it.
    public var backend: Backend

    /// A list.
    public init(products: [Product], origin: DataOrigin, backend: Backend) {
        self.products = products
        self.origin = origin
        self.backend = backend
    }
}

/// A product list that grows a page at a time, as an infinite-scroll screen shows it.
public protocol ProductCatalog: Sendable {
    /// The products loaded so far: at once what the cache holds (every page loaded before, even offline) or else the
    /// first page from the network, then the whole list again after each page, refresh or change. Throws
    /// ``SharedKit/ServiceError``.
    func listings() -> AsyncThrowingStream<ProductListing, any Error>

    /// Loads the page after the last one loaded; `false`, having sent nothing, when the server has no more. Calls
    /// made while a page is loading wait for it and load nothing more.
    @discardableResult
    func loadNext() async throws(ServiceError) -> Bool

    /// Loads the first page again; the list starts over from it.
    func refresh() async throws(ServiceError)

    /// The catalogue screen's model: the pages the cache holds in the first frame when the catalogue can read them
    /// synchronously, then ``listings()``'s lists while the screen follows it; a failure's
    /// ``APICoreKit/APIError/underlying`` error is the ``SharedKit/ServiceError``, or the client's error as it is.
    @MainActor
    func model() -> APIPagedQueryModel<Product>
}

extension ProductCatalog {
    /// A model over ``listings()``, ``loadNext()`` and ``refresh()``. It starts loading: the protocol has no
    /// synchronous cache read, so a catalogue that has one gives its own.
    @MainActor
    public func model() -> APIPagedQueryModel<Product> {
        APIPagedQueryModel(
            lists: {
                listings().map { listing in APIPagedList(items: listing.products, hasMore: listing.hasMore) }
            },
            loadMore: { try await loadNext() },
            refresh: { try await refresh() })
    }
}

/// The products a catalogue has loaded so far.
public struct ProductListing: Sendable, Hashable {
    /// The products of every page loaded, in catalogue order.
    public var products: [Product]
    /// Whether the server has products after the last one loaded.
    public var hasMore: Bool
    /// Whether the list was read from the app's cache or came with a page from the network.
    public var origin: DataOrigin

    /// A listing.
    public init(products: [Product], hasMore: Bool, origin: DataOrigin) {
        self.products = products
        self.hasMore = hasMore
        self.origin = origin
    }
}
