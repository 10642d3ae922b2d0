import APICoreGraphQL

/// ```graphql
/// query Product($id: ID!) {
///   product(id: $id) { __typename id title priceCents owner { __typename id name } }
/// }
/// ```
public struct ProductQuery: GraphQLQuery {
    public static let operationName = "Product"
    public static let document =
        "query Product($id: ID!) { product(id: $id) { __typename id title priceCents owner { __typename id name } } }"
    public static let operationIdentifier: String? = "3a5fb99b9c69b86b1e91d0cac758387a6122a9160e982a94dfe2bb3667f32cdf"

    public var id: String

    public init(id: String) {
        self.id = id
    }

    public var variables: JSONObject {
        JSONObject(variables: ["id": id])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.query
        public static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("product", .object(Product.self), arguments: [("id", .variable("id"))]))
        ]

        public let __data: JSONObject
        public let product: Product?

        public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
            __data = reader.object
            product = try reader.field("product")
        }

        /// `Product`
        public struct Product: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.product
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")))),
                .field(GraphQLField("title", .nonNull(.scalar("String")))),
                .field(GraphQLField("priceCents", .nonNull(.scalar("Int")))),
                .field(GraphQLField("owner", .object(Owner.self))),
            ]

            public let __data: JSONObject
            public let id: String
            public let title: String
            public let priceCents: Int
            public let owner: Owner?

            public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                __data = reader.object
                id = try reader.field("id")
                title = try reader.field("title")
                priceCents = try reader.field("priceCents")
                owner = try reader.field("owner")
            }

            /// `User`
            public struct Owner: GraphQLSelectionSet {
                public static let __parentType = ReferenceSchema.Objects.user
                public static let __selections: [GraphQLSelection] = [
                    .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                    .field(GraphQLField("id", .nonNull(.scalar("ID")))),
                    .field(GraphQLField("name", .nonNull(.scalar("String")))),
                ]

                public let __data: JSONObject
                public let id: String
                public let name: String

                public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
                    __data = reader.object
                    id = try reader.field("id")
                    name = try reader.field("name")
                }
            }
        }
    }
}
