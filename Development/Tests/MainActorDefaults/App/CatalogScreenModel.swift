import APICoreGraphQL
import APICoreKit
import Observation

/// A catalogue screen's view model as a new Xcode 26 app target writes it: this module builds with the main actor as
/// its default isolation, `NonisolatedNonsendingByDefault` and `InferIsolatedConformances`, so the model is
/// `@MainActor` without saying so, and the generated types it uses must work from it with no option set.
@Observable
public final class CatalogScreenModel {
    /// The product the detail shows.
    public private(set) var detail: ProductFields?
    /// The products of every page loaded so far, in order.
    public private(set) var products: [ProductFields] = []
    /// Whether the server has a page after the last one loaded.
    public private(set) var hasMore = false

    private let client: APIClient
    private let pager: APIQueryPager<ProductPageQuery>

    /// A model whose pages hold `pageSize` products.
    public init(client: APIClient, pageSize: Int) {
        self.client = client
        pager = APIQueryPager(client: client, cachePolicy: .cacheFirst) { request in
            switch request {
            case .next(let cursor): ProductPageQuery(first: pageSize, after: .some(cursor))
            case .first, .previous: ProductPageQuery(first: pageSize)
            }
        } pageInfo: { data in
            GraphQLPageInfo(
                hasNextPage: data.productPage.pageInfo.hasNextPage, endCursor: data.productPage.pageInfo.endCursor)
        }
    }

    /// Loads one product's detail.
    public func loadDetail(id: String) async throws(APIError) {
        detail = try await client.execute(ProductDetailQuery(id: id)).value.product?.fragments.productFields
    }

    /// Follows the pager's values, one list of every page loaded, until the calling task ends or the pager stops.
    public func followPages() async {
        for await result in pager.values() {
            guard case .success(let response) = result else { continue }
            products = response.value.productPage.edges.map(\.node.fragments.productFields)
            hasMore = response.value.productPage.pageInfo.hasNextPage
        }
    }

    /// Loads the next page; `false` when there is none.
    @discardableResult
    public func loadNextPage() async throws(APIError) -> Bool {
        try await pager.loadNext()
    }

    /// The products of one category, watched: each value the cache holds for the query, as it changes.
    public func watchProducts(in category: CatalogAPI.ProductCategory) -> APIQueryWatch<ProductsQuery.Data> {
        client.watch(ProductsQuery(category: .some(.known(category))), cachePolicy: .cacheFirst)
    }
}
