import APICoreGraphQL
import APICoreKit
import APICoreSQLite
import Foundation
import SharedKit

extension Feature {
    /// The product screens: lists and details (price updates and live prices are GraphQL only).
    public static let products = Feature("products")
}

/// ``ProductRepository`` over the app's ``APIClient``: GraphQL or REST as the ``Feature/products`` flag says, with
/// a failed GraphQL call answered by REST when the router allows it. Every product received, over either backend,
/// is upserted into the entity store from its `ProductFields` fragment.
public final class ProductService: ProductRepository {
    private let client: APIClient
    private let router: BackendRouter
    private let entityStore: EntityStore

    /// A service that sends its calls through `client`, picks backends with `router` and keeps products in
    /// `entityStore`.
    public init(client: APIClient, router: BackendRouter, entityStore: EntityStore) {
        self.client = client
        self.router = router
        self.entityStore = entityStore
    }

    /// Fetches the products over the flag's backend; a GraphQL call that fails before delivering a list is answered by
    /// REST when the router allows it. Every list that came from the network is kept in the entity store first.
    public func products(
        category: Product.Category?, freshness: Freshness
    ) -> AsyncThrowingStream<ProductList, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ProductList.self)
        let task = Task { [self] in
            do throws(ServiceError) {
                if router.flags.backend(for: .products) == .graphQL {
                    let delivered = try await graphQLProducts(category: category, freshness: freshness) {
                        continuation.yield($0)
                    }
                    if delivered { return continuation.finish() }
                }
                continuation.yield(try await restProducts(category: category))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Fetches the list over GraphQL as `freshness` says and hands each list to `yield`. Returns `false`, having
    /// delivered nothing, when the call failed in a way REST should answer instead.
    private func graphQLProducts(
        category: Product.Category?, freshness: Freshness, yield: (ProductList) -> Void
    ) async throws(ServiceError) -> Bool {
        let policy: CachePolicy =
            switch freshness {
            case .cachedIfAvailable: .cacheFirst
            case .cachedThenNetwork: .cacheAndNetwork
            case .network: .networkOnly
            }
        var query = ProductsQuery()
        if let category { query.category = .some(GraphQLEnum(rawValue: category.graphQLValue)) }
        var delivered = false
        do {
            for try await response in client.fetch(query, cachePolicy: policy) {
                let fragments = response.value.products.map(\.fragments.productFields)
                let origin: DataOrigin = response.metadata.source == .cache ? .cache : .network
                if origin == .network { try keep(fragments) }
                yield(ProductList(products: fragments.map(Product.init), origin: origin, backend: .graphQL))
                delivered = true
            }
            return true
        } catch let error as ServiceError {
            throw error
        } catch let error as APIError {
            if !delivered, router.fallsBack(.products, after: error) { return false }
            throw ServiceError(error)
        } catch {
            throw .unavailable(reason: "\(error)")
        }
    }

    private func restProducts(category: Product.Category?) async throws(ServiceError) -> ProductList {
        let query = category.map { [URLQueryItem(name: "category", value: $0.graphQLValue)] } ?? []
        let call = RESTCall(.get, "/products", queryItems: query, response: [ProductDTO].self)
        let fragments = try await ServiceError.mapping(kind: "products", id: "*") { () async throws(APIError) in
            try await client.send(call).value
        }.map { dto throws(ServiceError) in try Self.fragment(dto) }
        try keep(fragments)
        return ProductList(products: fragments.map(Product.init), origin: .network, backend: .rest)
    }

    /// The catalogue a page at a time over GraphQL (there is no REST route for pages); each listing's products are
    /// kept in the entity store.
    public func catalog(category: Product.Category?, pageSize: Int) -> any ProductCatalog {
        let entityStore = entityStore
        return GraphQLProductCatalog(client: client, category: category, pageSize: pageSize) {
            fragments throws(ServiceError) in
            try Self.keep(fragments, in: entityStore)
        }
    }

    /// The policies the client's normalized cache needs for this kit's operations (the Relay field policy of
    /// `Query.productPage`): an app passes them, merged with other kits', to its `CacheKeyResolver`.
    public static var cachePolicies: GraphQLTypePolicies { ProductAPI.typePolicies }

    /// Fetches one product from the network, bypassing the cache, and keeps it in the entity store; throws
    /// `ServiceError.notFound` when the server has no such product.
    public func product(id: String) async throws(ServiceError) -> Product {
        let client = client
        let (fields, _) = try await ServiceError.mapping(kind: "product", id: id) { () async throws(APIError) in
            try await router.run(
                .products,
                graphQL: { () async throws(APIError) in
                    let response = try await client.execute(
                        ProductDetailQuery(id: id), options: RequestOptions(cachePolicy: .networkOnly))
                    return response.value.product?.fragments.productFields
                },
                rest: { () async throws(APIError) in
                    let dto = try await client.send(RESTCall(.get, "/products/\(id)", response: ProductDTO.self))
                    return try? dto.value.fragment()
                })
        }
        guard let fields else { throw .notFound(kind: "product", id: id) }
        try keep([fields])
        return Product(fields)
    }

    /// Sends the price change as a GraphQL mutation (there is no REST route for it) and keeps the returned product in
    /// the entity store.
    public func updatePrice(productID: String, cents: Int64) async throws(ServiceError) -> Product {
        let response = try await ServiceError.mapping(kind: "product", id: productID) { () async throws(APIError) in
            try await client.execute(UpdateProductPriceMutation(id: productID, priceCents: cents))
        }
        guard let fields = response.value.updateProductPrice?.fragments.productFields else {
            throw .notFound(kind: "product", id: productID)
        }
        try keep([fields])
        return Product(fields)
    }

    /// Subscribes to the product's price over GraphQL and keeps each changed product in the entity store before
    /// yielding it; a failure ends the stream with a `ServiceError`.
    public func priceChanges(productID: String) -> AsyncThrowingStream<Product, any Error> {
        let events = client.subscribe(PriceChangedSubscription(productId: productID))
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Product.self)
        let task = Task { [self] in
            do {
                for try await event in events {
                    let fields = event.value.priceChanged.fragments.productFields
                    try keep([fields])
                    continuation.yield(Product(fields))
                }
                continuation.finish()
            } catch let error as APIError {
                continuation.finish(throwing: ServiceError(error))
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Observes the entity store, yielding every stored product sorted by name now and after each change.
    public func storedProducts() -> AsyncThrowingStream<[Product], any Error> {
        let observation = entityStore.observe(EntityFetchRequest<ProductEntity>(sortedBy: [.ascending(\.name)]))
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [Product].self)
        let task = Task {
            do {
                for try await entities in observation { continuation.yield(entities.map(\.product)) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: ServiceError.unavailable(reason: "the product store failed: \(error)"))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Upserts products into the entity store.
    private func keep(_ fragments: [ProductFields]) throws(ServiceError) {
        try Self.keep(fragments, in: entityStore)
    }

    private static func keep(_ fragments: [ProductFields], in entityStore: EntityStore) throws(ServiceError) {
        do {
            try entityStore.upsert(fragments, as: ProductEntity.self)
        } catch {
            throw .unavailable(reason: "the product store failed: \(error)")
        }
    }

    private static func fragment(_ dto: ProductDTO) throws(ServiceError) -> ProductFields {
        do {
            return try dto.fragment()
        } catch {
            throw .invalidData(reason: "a REST product does not match ProductFields: \(error)")
        }
    }
}
