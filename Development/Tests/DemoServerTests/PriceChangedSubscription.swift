import APICoreGraphQL
import APICoreScalars

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

        let __object: GraphQLCheckedObject

        var priceChanged: PriceChanged { __field("priceChanged") }

        /// `Product`
        struct PriceChanged: GraphQLSelectionSet {
            static let __parentType = GraphQLParentType.object("Product")
            static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                .field(GraphQLField("priceCents", .nonNull(.scalar("Long")), leaf: Int64.self)),
            ]

            let __object: GraphQLCheckedObject

            var id: String { __field("id") }
            var priceCents: Int64 { __field("priceCents") }
        }
    }
}
