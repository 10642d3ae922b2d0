/// A product of the demo backend, encoded with the field names of the GraphQL type `Product`.
public struct DemoProduct: Codable, Sendable, Equatable {
    /// The product's id: `p1`, `p2`, ...
    public var id: String
    /// The product's name.
    public var name: String
    /// `BOOKS`, `ELECTRONICS` or `GROCERIES`, as the GraphQL enum `ProductCategory` names them.
    public var category: String
    /// The price in cents (the schema's `Long`).
    public var priceCents: Int64
    /// Whether the product is in stock.
    public var inStock: Bool

    /// A product with the given fields; `category` is the name of a `ProductCategory` value.
    public init(id: String, name: String, category: String, priceCents: Int64, inStock: Bool) {
        self.id = id
        self.name = name
        self.category = category
        self.priceCents = priceCents
        self.inStock = inStock
    }
}
