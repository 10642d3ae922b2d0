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
