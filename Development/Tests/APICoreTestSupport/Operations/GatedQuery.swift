import APICoreGraphQL

/// ```graphql
/// query Gated($key: String!) { gated(key: $key) }
/// ```
///
/// The `gated` field resolves only once the test opens the gate (`POST /control/open/{key}` on the strawberry
/// reference server): a request holding it is known to be at the server, and stays there until the test says.
public struct GatedQuery: GraphQLQuery {
    public static let operationName = "Gated"
    public static let document = "query Gated($key: String!) { gated(key: $key) }"
    public static let operationIdentifier: String? = "1aa494ef3bdcffaeea91a14988655328e80a73e5252d86faa34ec6889363e679"

    public var key: String

    public init(key: String) {
        self.key = key
    }

    public var variables: JSONObject {
        JSONObject(variables: ["key": key])
    }

    public struct Data: GraphQLRootSelectionSet {
        public static let __parentType = ReferenceSchema.Objects.query
        public static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "gated", .nonNull(.scalar("String")), arguments: [("key", .variable("key"))], leaf: String.self))
        ]

        public let __object: GraphQLCheckedObject

        public init(__object: GraphQLCheckedObject) {
            self.__object = __object
        }

        public var gated: String { __field("gated") }
    }
}
