import APICoreGraphQL
import APICoreScalars

// Maps both backends' data to the domain model: GraphQL's `ProductFields` fragment and REST's JSON (which the kit
// also reads as a `ProductFields`, so the entity store is filled the same way whichever backend answered).

extension Product {
    /// The product a `ProductFields` fragment describes.
    init(_ fields: ProductFields) {
        self.init(
            id: fields.id, name: fields.name, category: Category(graphQLValue: fields.category.rawValue),
            priceCents: fields.priceCents, inStock: fields.inStock)
    }
}

extension Product.Category {
    /// The category for the schema's `ProductCategory` value (REST sends the same names).
    init(graphQLValue: String) {
        switch graphQLValue {
        case "BOOKS": self = .books
        case "ELECTRONICS": self = .electronics
        case "GROCERIES": self = .groceries
        default: self = .other(graphQLValue)
        }
    }

    /// The schema's `ProductCategory` value.
    var graphQLValue: String {
        switch self {
        case .books: "BOOKS"
        case .electronics: "ELECTRONICS"
        case .groceries: "GROCERIES"
        case .other(let value): value
        }
    }
}

/// A product as `GET /rest/products[/{id}]` returns it: the same field names as the schema.
struct ProductDTO: Decodable, Sendable {
    var id: String
    var name: String
    var category: String
    var priceCents: Int64
    var inStock: Bool

    /// The same data as the kit's fragment, so REST answers update the entity store like GraphQL ones.
    func fragment() throws(GraphQLDecodingError) -> ProductFields {
        try ProductFields(data: [
            "__typename": "Product", "id": .string(id), "name": .string(name), "category": .string(category),
            "priceCents": .int(priceCents), "inStock": .bool(inStock),
        ])
    }
}
