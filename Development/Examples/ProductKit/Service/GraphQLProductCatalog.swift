import APICoreGraphQL
import APICoreKit
import SharedKit

/// ``ProductCatalog`` over an ``APICoreKit/APIQueryPager`` of `ProductPageQuery`.
///
/// `Query.productPage` has a Relay field policy (`apicore.json`), so the client's normalized cache stores the pages as
/// one list keyed by the category alone, and the first page's query, read from the cache, is every page loaded. The
/// products of each listing are kept in the entity store, as every product the kit receives is.
final class GraphQLProductCatalog: ProductCatalog {
    private let pager: APIQueryPager<ProductPageQuery>
    private let keep: @Sendable ([ProductFields]) throws(ServiceError) -> Void

    init(
        client: APIClient, category: Product.Category?, pageSize: Int,
        keep: @escaping @Sendable ([ProductFields]) throws(ServiceError) -> Void
    ) {
        let category: GraphQLNullable<GraphQLEnum<ProductAPI.ProductCategory>> =
            category.map { .some(GraphQLEnum(rawValue: $0.graphQLValue)) } ?? nil
        pager = APIQueryPager(client: client, cachePolicy: .cacheFirst) { request in
            switch request {
            case .next(let cursor): ProductPageQuery(first: pageSize, after: .some(cursor), category: category)
            // The connection pages forward only: its page information never has a previous page, so the pager never
            // asks for one, and `.first` is the first page.
            case .first, .previous: ProductPageQuery(first: pageSize, category: category)
            }
        } pageInfo: { data in
            let info = data.productPage.pageInfo
            return GraphQLPageInfo(hasNextPage: info.hasNextPage, endCursor: info.endCursor)
        }
        self.keep = keep
    }

    func listings() -> AsyncThrowingStream<ProductListing, any Error> {
        let values = pager.values()
        let keep = keep
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ProductListing.self)
        let task = Task {
            for await result in values {
                do throws(ServiceError) {
                    let response = try result.mapError(ServiceError.init(_:)).get()
                    let fragments = response.value.productPage.edges.map(\.node.fragments.productFields)
                    try keep(fragments)
                    continuation.yield(
                        ProductListing(
                            products: fragments.map(Product.init),
                            hasMore: response.value.productPage.pageInfo.hasNextPage,
                            origin: response.metadata.source == .cache ? .cache : .network))
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The pager's model: every page the cache holds in the first frame, then the merged list after each page, refresh
    /// or change; the products of each list are kept in the entity store.
    @MainActor
    func model() -> APIPagedQueryModel<Product> {
        let keep = keep
        return APIPagedQueryModel(pager: pager) { data in
            let fragments = data.productPage.edges.map(\.node.fragments.productFields)
            try keep(fragments)
            return fragments.map(Product.init)
        }
    }

    @discardableResult
    func loadNext() async throws(ServiceError) -> Bool {
        do {
            return try await pager.loadNext()
        } catch {
            throw ServiceError(error)
        }
    }

    func refresh() async throws(ServiceError) {
        do {
            try await pager.refresh()
        } catch {
            throw ServiceError(error)
        }
    }
}
