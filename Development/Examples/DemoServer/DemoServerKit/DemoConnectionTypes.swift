import GraphQL

/// The Relay connection types of `Query.productPage`: `ProductConnection`, `ProductEdge` and `PageInfo`, resolved
/// from a ``DemoProductPage``. A product's cursor is its id.
struct DemoConnectionTypes {
    let connection: GraphQLObjectType

    init(product: GraphQLObjectType) throws {
        let edge = try GraphQLObjectType(
            name: "ProductEdge",
            description: "A product in a page, with the cursor that points at it.",
            fields: [
                "cursor": GraphQLField(
                    type: GraphQLNonNull(GraphQLString),
                    resolve: { product, _, _, _ in (product as? DemoProduct)?.id }),
                "node": GraphQLField(type: GraphQLNonNull(product), resolve: { product, _, _, _ in product }),
            ]
        )
        let pageInfo = try GraphQLObjectType(
            name: "PageInfo",
            description: "Where a page sits in its list.",
            fields: [
                "hasNextPage": GraphQLField(
                    type: GraphQLNonNull(GraphQLBoolean),
                    resolve: { page, _, _, _ in (page as? DemoProductPage)?.hasNextPage }),
                "hasPreviousPage": GraphQLField(
                    type: GraphQLNonNull(GraphQLBoolean),
                    resolve: { page, _, _, _ in (page as? DemoProductPage)?.hasPreviousPage }),
                "startCursor": GraphQLField(
                    type: GraphQLString,
                    resolve: { page, _, _, _ in DemoSchema.value((page as? DemoProductPage)?.products.first?.id) }),
                "endCursor": GraphQLField(
                    type: GraphQLString,
                    resolve: { page, _, _, _ in DemoSchema.value((page as? DemoProductPage)?.products.last?.id) }),
            ]
        )
        connection = try GraphQLObjectType(
            name: "ProductConnection",
            description: "A page of products (a Relay connection).",
            fields: [
                "edges": GraphQLField(
                    type: GraphQLNonNull(GraphQLList(GraphQLNonNull(edge))),
                    resolve: { page, _, _, _ in (page as? DemoProductPage)?.products }),
                "pageInfo": GraphQLField(type: GraphQLNonNull(pageInfo), resolve: { page, _, _, _ in page }),
            ]
        )
    }
}
