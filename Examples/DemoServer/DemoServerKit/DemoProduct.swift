/// A product of the demo backend, encoded with the field names of the GraphQL type `Product`.
public struct DemoProduct: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// `BOOKS`, `ELECTRONICS` or `GROCERIES`, as the GraphQL enum `ProductCategory` names them.
    public var category: String
    /// The price in cents (the schema's `Long`).
    public var priceCents: Int64
    public var inStock: Bool

    public init(id: String, name: String, category: String, priceCents: Int64, inStock: Bool) {
        self.id = id
        self.name = name
        self.category = category
        self.priceCents = priceCents
        self.inStock = inStock
    }
}
