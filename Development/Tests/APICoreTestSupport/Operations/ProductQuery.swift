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

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var product: Product? { __field("product") }

        /// `Product`
        public struct Product: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.product
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                .field(GraphQLField("title", .nonNull(.scalar("String")), leaf: String.self)),
                .field(GraphQLField("priceCents", .nonNull(.scalar("Int")), leaf: Int.self)),
                .field(GraphQLField("owner", .object(Owner.self))),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var id: String { __field("id") }
            public var title: String { __field("title") }
            public var priceCents: Int { __field("priceCents") }
            public var owner: Owner? { __field("owner") }

            /// `User`
            public struct Owner: GraphQLSelectionSet {
                public static let __parentType = ReferenceSchema.Objects.user
                public static let __selections: [GraphQLSelection] = [
                    .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                    .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                    .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
                ]

                public let __object: GraphQLCheckedObject

                public init(__object: GraphQLCheckedObject) {
                    self.__object = __object
                }

                public var id: String { __field("id") }
                public var name: String { __field("name") }
            }
        }
    }
}
