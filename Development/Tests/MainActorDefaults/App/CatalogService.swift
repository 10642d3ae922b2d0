import APICoreGraphQL
import APICoreKit

/// A service with no isolation, called from any task: the same generated types as the main-actor view model uses,
/// in a module whose default isolation is the main actor.
public nonisolated struct CatalogService: Sendable {
    let client: APIClient

    /// A service over `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// The name of the product with `id`, from the network or the cache.
    public func productName(id: String) async throws(APIError) -> String? {
        try await client.execute(ProductDetailQuery(id: id)).value.product?.fragments.productFields.name
    }

    /// Changes a product's price; the cache, and so every watcher of the product, gets the new value.
    public func setPrice(of id: String, cents: Int64) async throws(APIError) -> ProductFields? {
        try await client.execute(UpdateProductPriceMutation(id: id, priceCents: cents)).value.updateProductPrice?
            .fragments.productFields
    }

    /// The categories the schema knows, from a generated enum used off the main actor.
    public func categories() -> [CatalogAPI.ProductCategory] {
        CatalogAPI.ProductCategory.allCases
    }
}
