import APICoreGraphQL

// Hand-written in exactly the shape the code generator emits for the reference servers' schema
// (Tests/ReferenceServers/schema.graphql): the schema types that operations use.

/// The schema namespace of the reference servers.
public enum ReferenceSchema {
    /// `scalar Long`, mapped to `Int64` by configuration.
    public typealias Long = Int64

    /// `enum Role`
    public enum Role: String, CaseIterable, Sendable, Hashable {
        case admin = "ADMIN"
        case member = "MEMBER"
        case guest = "GUEST"
    }

    /// The schema's object types, as parent types of selection sets.
    public enum Objects {
        public static let query = GraphQLParentType.object("Query")
        public static let mutation = GraphQLParentType.object("Mutation")
        public static let user = GraphQLParentType.object("User")
        public static let product = GraphQLParentType.object("Product")
        public static let subscription = GraphQLParentType.object("Subscription")
        public static let tick = GraphQLParentType.object("Tick")
        public static let event = GraphQLParentType.object("Event")
        public static let item = GraphQLParentType.object("Item")
        public static let itemEdge = GraphQLParentType.object("ItemEdge")
        public static let itemConnection = GraphQLParentType.object("ItemConnection")
        public static let pageInfo = GraphQLParentType.object("PageInfo")
    }

    /// What an `apicore.json` giving `Query.items` a Relay policy generates: every page of `items` in one field.
    public static let typePolicies = GraphQLTypePolicies(fieldPolicies: [
        "Query": ["items": .relayConnection()]
    ])
}
