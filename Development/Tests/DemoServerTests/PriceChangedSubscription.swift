import APICoreGraphQL

/// ```graphql
/// subscription PriceChanged($productId: ID!) { priceChanged(productId: $productId) { __typename id priceCents } }
/// ```
/// Hand-written in the shape the code generator emits.
struct PriceChangedSubscription: GraphQLSubscription {
    static let operationName = "PriceChanged"
    static let document =
        "subscription PriceChanged($productId: ID!) { priceChanged(productId: $productId) { __typename id priceCents } }"

    var productId: String

    var variables: JSONObject {
        JSONObject(variables: ["productId": productId])
    }

    struct Data: GraphQLRootSelectionSet {
        static let __parentType = GraphQLParentType.object("Subscription")
        static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "priceChanged", .nonNull(.object(PriceChanged.self)),
                    arguments: [("productId", .variable("productId"))]))
        ]

        let __data: JSONObject
        let priceChanged: PriceChanged

        init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            priceChanged = try reader.field("priceChanged")
        }

        /// `Product`
        struct PriceChanged: GraphQLSelectionSet {
            static let __parentType = GraphQLParentType.object("Product")
            static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")))),
                .field(GraphQLField("priceCents", .nonNull(.scalar("Long")))),
            ]

            let __data: JSONObject
            let id: String
            let priceCents: Int64

            init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                __data = reader.object
                id = try reader.field("id")
                priceCents = try reader.field("priceCents")
            }
        }
    }
}
