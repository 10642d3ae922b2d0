/// Response bodies of the reference schema's product operations, for tests whose transport answers by hand.
enum ProductBodies {
    /// `ProductQuery(id: "1")`: the product titled "Engine".
    static let product =
        #"{"data":{"product":{"__typename":"Product","id":"1","title":"Engine","priceCents":5,"owner":null}}}"#
    /// `UpdateProductMutation(id: "1", title: "Engine")`.
    static let update =
        #"{"data":{"updateProduct":{"__typename":"Product","id":"1","title":"Engine","priceCents":5}}}"#
}
