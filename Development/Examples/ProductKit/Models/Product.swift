/// A product, as the screens know it: no GraphQL or REST type in it.
public struct Product: Sendable, Hashable, Identifiable {
    /// The shelf a product is on.
    public enum Category: Sendable, Hashable {
        /// Books: `BOOKS` over GraphQL and REST.
        case books
        /// Electronics: `ELECTRONICS` over GraphQL and REST.
        case electronics
        /// Groceries: `GROCERIES` over GraphQL and REST.
        case groceries
        /// A category this version of the app does not know yet.
        case other(String)
    }

    /// The product's id, the same over GraphQL and REST.
    public var id: String
    /// The name shown on the screens.
    public var name: String
    /// The shelf the product is on.
    public var category: Category
    /// The price in cents, exact.
    public var priceCents: Int64
    /// Whether the product is in stock.
    public var inStock: Bool

    /// A product.
    public init(id: String, name: String, category: Category, priceCents: Int64, inStock: Bool) {
        self.id = id
        self.name = name
        self.category = category
        self.priceCents = priceCents
        self.inStock = inStock
    }

    /// The price as text: `$12.99`.
    public var formattedPrice: String {
        let cents = priceCents % 100
        return "$\(priceCents / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}

/// Where a list the screen shows came from.
public enum DataOrigin: String, Sendable, Hashable, CustomStringConvertible {
    /// The app's cache (memory or the SQLite file), without a network call.
    case cache
    /// The server, just now.
    case network

    /// `cache` or `network`, for labels and logs.
    public var description: String { rawValue }
}

/// How fresh a product list must be.
public enum Freshness: Sendable, Hashable {
    /// The cached list when there is one, else the network's: the fastest screen.
    case cachedIfAvailable
    /// The cached list at once when there is one, then the network's: a fast screen that updates itself.
    case cachedThenNetwork
    /// The network's list only.
    case network
}
