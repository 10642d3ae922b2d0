import APICoreGraphQL

/// ```graphql
/// mutation UpdateProduct($id: ID!, $title: String, $priceCents: Int) {
///   updateProduct(id: $id, title: $title, priceCents: $priceCents) { __typename id title priceCents }
/// }
/// ```
public struct UpdateProductMutation: GraphQLMutation {
    public static let operationName = "UpdateProduct"
    public static let document =
        "mutation UpdateProduct($id: ID!, $title: String, $priceCents: Int) { updateProduct(id: $id, title: $title, priceCents: $priceCents) { __typename id title priceCents } }"
    public static let operationIdentifier: String? = "e0a2660d8d4dae7a10bacd7a004537f6e52ed53457e2afb89b4e4a5cbe387502"

    public var id: String
    public var title: GraphQLNullable<String>
    public var priceCents: GraphQLNullable<Int>

    public init(id: String, title: GraphQLNullable<String> = nil, priceCents: GraphQLNullable<Int> = nil) {
        self.id = id
        self.title = title
        self.priceCents = priceCents
    }

    public var variables: JSONObject {
        JSONObject(variables: ["id": id, "title": title, "priceCents": priceCents])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.mutation
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "updateProduct", .object(UpdateProduct.self),
                    arguments: [
                        ("id", .variable("id")), ("title", .variable("title")),
                        ("priceCents", .variable("priceCents")),
                    ]
                ))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var updateProduct: UpdateProduct? { __field("updateProduct") }

        /// `Product`
        public struct UpdateProduct: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.product
            public static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                .field(GraphQLField("title", .nonNull(.scalar("String")), leaf: String.self)),
                .field(GraphQLField("priceCents", .nonNull(.scalar("Int")), leaf: Int.self)),
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var id: String { __field("id") }
            public var title: String { __field("title") }
            public var priceCents: Int { __field("priceCents") }
        }
    }
}
