import Foundation
import GraphQL

/// The executable form of the app schema (`Examples/Schema/app.graphqls`), with resolvers over a ``DemoStore``.
///
/// Built in code because GraphQLSwift's SDL builder leaves interfaces without a way to resolve their object types.
enum DemoSchema {
    /// Builds the schema; every resolver reads or writes `store`.
    static func make(store: DemoStore) throws -> GraphQLSchema {
        let long = try GraphQLScalarType(
            name: "Long",
            description: "A 64-bit integer, sent as a JSON number: prices in cents, times in milliseconds since 1970.",
            serialize: { value in
                guard let integer = value as? Int64 else {
                    throw GraphQLError(message: "Long cannot represent \(value)")
                }
                return .number(Number(integer))
            },
            parseValue: { value in
                guard case .number = value else {
                    throw GraphQLError(message: "Long cannot represent \(value)")
                }
                return value
            },
            parseLiteral: { literal in
                guard let literal = literal as? IntValue, let integer = Int64(literal.value) else {
                    throw GraphQLError(message: "Long cannot represent a non-integer literal")
                }
                return .number(Number(integer))
            }
        )
        let node = try GraphQLInterfaceType(
            name: "Node",
            description: "An object with a global ID.",
            fields: ["id": GraphQLField(type: GraphQLNonNull(GraphQLID))],
            resolveType: { value, _ in value is DemoUser ? "User" : "Product" }
        )
        let userRole = try GraphQLEnumType(
            name: "UserRole", values: ["CUSTOMER": .init(value: "CUSTOMER"), "ADMIN": .init(value: "ADMIN")])
        let category = try GraphQLEnumType(
            name: "ProductCategory",
            values: [
                "BOOKS": .init(value: "BOOKS"), "ELECTRONICS": .init(value: "ELECTRONICS"),
                "GROCERIES": .init(value: "GROCERIES"),
            ])
        let upload = try DemoUploadScalar.make()
        let avatar = try GraphQLObjectType(
            name: "Avatar",
            description: "An uploaded avatar image, as the server received it.",
            fields: [
                "fileName": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "contentType": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "byteCount": GraphQLField(type: GraphQLNonNull(GraphQLInt)),
                "sha256": GraphQLField(
                    type: GraphQLNonNull(GraphQLString),
                    description: "The SHA-256 digest of the image's bytes, in lowercase hexadecimal."),
            ]
        )
        let user = try GraphQLObjectType(
            name: "User",
            fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID)),
                "name": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "email": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "role": GraphQLField(type: GraphQLNonNull(userRole)),
                "createdAt": GraphQLField(
                    type: GraphQLNonNull(long), description: "When the account was created, in milliseconds since 1970."
                ),
                "avatar": GraphQLField(
                    type: avatar, description: "The image the user last uploaded as their avatar, if any.",
                    resolve: { user, _, _, _ in value((user as? DemoUser)?.avatar) }),
            ],
            interfaces: [node],
            isTypeOf: { value, _ in value is DemoUser }
        )
        let product = try GraphQLObjectType(
            name: "Product",
            fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID)),
                "name": GraphQLField(type: GraphQLNonNull(GraphQLString)),
                "category": GraphQLField(type: GraphQLNonNull(category)),
                "priceCents": GraphQLField(type: GraphQLNonNull(long)),
                "inStock": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)),
            ],
            interfaces: [node],
            isTypeOf: { value, _ in value is DemoProduct }
        )
        let connection = try DemoConnectionTypes(product: product)
        let productConnection = connection.connection
        let updateUserInput = try GraphQLInputObjectType(
            name: "UpdateUserInput",
            fields: ["name": InputObjectField(type: GraphQLString), "email": InputObjectField(type: GraphQLString)]
        )
        let query = try GraphQLObjectType(
            name: "Query",
            fields: [
                "node": GraphQLField(
                    type: node, description: "Any object with a global ID.",
                    args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID))],
                    resolve: { _, args, _, _ in
                        let id = args["id"].string ?? ""
                        return value(store.user(id: id)) ?? value(store.product(id: id))
                    }),
                "user": GraphQLField(
                    type: user, args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID))],
                    resolve: { _, args, _, _ in value(store.user(id: args["id"].string ?? "")) }),
                "users": GraphQLField(
                    type: GraphQLNonNull(GraphQLList(GraphQLNonNull(user))), resolve: { _, _, _, _ in store.users }),
                "product": GraphQLField(
                    type: product, args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID))],
                    resolve: { _, args, _, _ in value(store.product(id: args["id"].string ?? "")) }),
                "products": GraphQLField(
                    type: GraphQLNonNull(GraphQLList(GraphQLNonNull(product))),
                    args: ["category": GraphQLArgument(type: category)],
                    resolve: { _, args, _, _ in store.products(category: args["category"].string) }),
                "productPage": GraphQLField(
                    type: GraphQLNonNull(productConnection),
                    description:
                        "The products a page at a time, in catalogue order: the first `first` after the cursor `after`.",
                    args: [
                        "first": GraphQLArgument(type: GraphQLNonNull(GraphQLInt)),
                        "after": GraphQLArgument(type: GraphQLString),
                        "category": GraphQLArgument(type: category),
                    ],
                    resolve: { _, args, _, _ in
                        try store.productPage(
                            first: args["first"].int ?? 0, after: args["after"].string,
                            category: args["category"].string)
                    }),
            ]
        )
        let mutation = try GraphQLObjectType(
            name: "Mutation",
            fields: [
                "updateUser": GraphQLField(
                    type: user,
                    args: [
                        "id": GraphQLArgument(type: GraphQLNonNull(GraphQLID)),
                        "input": GraphQLArgument(type: GraphQLNonNull(updateUserInput)),
                    ],
                    resolve: { _, args, _, _ in
                        let input = args["input"]
                        let update = DemoUserUpdate(name: input["name"].string, email: input["email"].string)
                        return value(store.updateUser(id: args["id"].string ?? "", update))
                    }),
                "updateProductPrice": GraphQLField(
                    type: product,
                    args: [
                        "id": GraphQLArgument(type: GraphQLNonNull(GraphQLID)),
                        "priceCents": GraphQLArgument(type: GraphQLNonNull(long)),
                    ],
                    resolve: { _, args, _, _ in
                        guard case .number(let cents) = args["priceCents"] else { return nil }
                        return value(store.setPrice(productID: args["id"].string ?? "", cents: cents.int64Value))
                    }),
                "uploadAvatar": GraphQLField(
                    type: user, description: "Sets the user's avatar to the uploaded image.",
                    args: [
                        "userId": GraphQLArgument(type: GraphQLNonNull(GraphQLID)),
                        "file": GraphQLArgument(type: GraphQLNonNull(upload)),
                    ],
                    resolve: { _, args, _, _ in
                        let avatar = try DemoUploadScalar.avatar(from: args["file"])
                        return value(store.setAvatar(userID: args["userId"].string ?? "", avatar))
                    }),
            ]
        )
        let subscription = try GraphQLObjectType(
            name: "Subscription",
            fields: [
                "priceChanged": GraphQLField(
                    type: GraphQLNonNull(product), description: "Each new price of one product, as a mutation sets it.",
                    args: ["productId": GraphQLArgument(type: GraphQLNonNull(GraphQLID))],
                    resolve: { event, _, _, _ in event },
                    subscribe: { _, args, _, _ in store.priceChanges(productID: args["productId"].string ?? "") })
            ]
        )
        return try GraphQLSchema(
            query: query, mutation: mutation, subscription: subscription, types: [user, product, updateUserInput])
    }

    /// A resolver's result: nil stays nil rather than becoming a non-nil `Optional` inside `any Sendable`.
    static func value(_ optional: (some Sendable)?) -> (any Sendable)? {
        optional.map { $0 }
    }
}
