import APICoreSQLite

/// A product kept on the device by the ``APICoreSQLite/EntityStore``, filled from the `ProductFields` fragment of
/// every product the kit receives (lists, details, price updates and live price events).
public struct ProductEntity: FragmentUpdatable {
    public var id: String
    public var name = ""
    public var category = ""
    public var priceCents: Int64 = 0
    public var inStock = false

    /// An entity with no data yet.
    public init(entityID: String) {
        id = entityID
    }

    public var entityID: String { id }

    public static func entityID(of fragment: ProductFields) -> String { fragment.id }

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
