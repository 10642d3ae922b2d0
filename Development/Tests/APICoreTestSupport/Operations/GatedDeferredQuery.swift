import APICoreGraphQL

/// ```graphql
/// query GatedDeferred($id: ID!, $gate: String!) {
///   user(id: $id) { __typename id name }
///   ... @defer(label: "gated") { gated(key: $gate) }
/// }
/// ```
///
/// The deferred `gated` field resolves only once the test opens the gate (`POST /control/open/{gate}` on the
/// strawberry reference server), so the first part is sent while the deferred one cannot exist yet.
public struct GatedDeferredQuery: GraphQLQuery {
    public static let operationName = "GatedDeferred"
    public static let document =
        "query GatedDeferred($id: ID!, $gate: String!) { user(id: $id) { __typename id name } ... @defer(label: \"gated\") { gated(key: $gate) } }"

    public var id: String
    public var gate: String

    public init(id: String, gate: String) {
        self.id = id
        self.gate = gate
    }

    public var variables: JSONObject {
        JSONObject(variables: ["id": id, "gate": gate])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.query
        public static let __selections: [GraphQLSelection] = [
            .field(GraphQLField("user", .object(User.self), arguments: [("id", .variable("id"))])),
            .deferred(label: "gated", DeferredGated.self),
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var user: User? { __field("user") }
        public var deferredGated: DeferredGated? { __deferred() }

        /// `User`
        public struct User: GraphQLSelectionSet {
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

        /// `Query`, deferred with the label "gated".
        public struct DeferredGated: GraphQLSelectionSet {
            public static let __parentType = ReferenceSchema.Objects.query
            public static let __selections: [GraphQLSelection] = [
                .field(
                    GraphQLField(
                        "gated", .nonNull(.scalar("String")), arguments: [("key", .variable("gate"))], leaf: String.self
                    ))
            ]

            public let __object: GraphQLCheckedObject

            public init(__object: GraphQLCheckedObject) {
                self.__object = __object
            }

            public var gated: String { __field("gated") }
        }
    }
}
