import APICoreSQLite

/// A product kept on the device by the ``APICoreSQLite/EntityStore``, filled from the `ProductFields` fragment of
/// every product the kit receives (lists, details, price updates and live price events).
public struct ProductEntity: FragmentUpdatable {
    /// The product's id, which is also its entity id.
    public var id: String
    /// The product's name; empty until the entity is filled from a fragment.
    public var name = ""
    /// The category's raw GraphQL value (`BOOKS`, `ELECTRONICS`, `GROCERIES`, or one the app does not know yet).
    public var category = ""
    /// The price in cents, exact.
    public var priceCents: Int64 = 0
    /// Whether the product is in stock.
    public var inStock = false

    /// An entity with no data yet.
    public init(entityID: String) {
        id = entityID
    }

    /// The product's id.
    public var entityID: String { id }

    /// The id of the product the fragment describes.
    public static func entityID(of fragment: ProductFields) -> String { fragment.id }

    /// Copies the fragment's name, category, price and stock into the entity.
    public mutating func update(from fragment: ProductFields) {
        name = fragment.name
        category = fragment.category.rawValue
        priceCents = fragment.priceCents
        inStock = fragment.inStock
    }

    /// The domain product.
    var product: Product {
        Product(
            id: id, name: name, category: Product.Category(graphQLValue: category), priceCents: priceCents,
            inStock: inStock)
    }
}
