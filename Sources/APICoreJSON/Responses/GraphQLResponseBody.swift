import APICoreGraphQL

/// The envelope of a GraphQL response, read once from the bytes: `data`, `errors` and `extensions`.
public struct GraphQLResponseBody: Sendable, Hashable {
    /// The `data` member: absent, `null`, or an object.
    public let data: JSONObject?
    /// The `errors` list.
    public let errors: [GraphQLError]
    /// The `extensions` member.
    public let extensions: JSONObject

    /// The members of a response body.
    public init(data: JSONObject?, errors: [GraphQLError], extensions: JSONObject) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }

    /// Reads the envelope from a parsed JSON value; `nil` when it is not a GraphQL response at all (neither `data` nor
    /// `errors`).
    public init?(json: JSONValue) {
        guard case .object(let object) = json else { return nil }
        let dataMember = object["data"]
        let errorsMember = object["errors"]
        guard dataMember != nil || errorsMember != nil else { return nil }
        switch dataMember {
        case .object(let data)?: self.data = data
        case .null?, nil: self.data = nil
        default: return nil
        }
        switch errorsMember {
        case .array(let entries)?: errors = entries.map(GraphQLError.init(json:))
        case nil, .null?: errors = []
        default: return nil
        }
        extensions = object["extensions"]?.objectValue ?? JSONObject()
    }

    /// Decodes `data` as an operation's typed data.
    public func decodeData<Data: GraphQLSelectionSet>(
        _ type: Data.Type,
        variables: JSONObject,
        observer: (any GraphQLDecodingObserver)? = nil
    ) throws(GraphQLDecodingError) -> Data? {
        guard let data else { return nil }
        let context = GraphQLDecodingContext(variables: variables, observer: observer)
        return try Data(reader: GraphQLObjectReader(object: data, selectionSet: Data.self, context: context))
    }

    /// Decodes `data` as `Data` read with `selections`: an operation's data selections, which for an operation
    /// compiled at run time are not its data type's static ones. The two must describe the same selection set.
    package func decodeData<Data: GraphQLSelectionSet>(
        _ type: Data.Type,
        selections: GraphQLSelectionTree,
        variables: JSONObject,
        observer: (any GraphQLDecodingObserver)? = nil
    ) throws(GraphQLDecodingError) -> Data? {
        guard let data else { return nil }
        let context = GraphQLDecodingContext(variables: variables, observer: observer)
        return try Data(reader: GraphQLObjectReader(object: data, selections: selections, context: context))
    }
}
