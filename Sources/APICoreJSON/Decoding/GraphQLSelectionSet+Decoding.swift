import APICoreGraphQL

/// Decoding a selection set: the whole object is checked once against the selections (``GraphQLSelectionValidator``),
/// then kept. Generated code does not call these, so they live with the client's decoding rather than in the runtime
/// generated code links.
extension GraphQLSelectionSet {
    /// Checks the object and everything below it against the reader's selections, then keeps it.
    public init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {
        try GraphQLSelectionValidator.validateSelections(of: reader.selections, on: reader.object, in: reader.context)
        self.init(__object: GraphQLCheckedObject(data: reader.object, variables: reader.context.variables))
    }

    /// Decodes the selection set from a JSON object through `GraphQLSelectionSet.init(reader:)`; any other kind is
    /// a type mismatch.
    public static func decode(
        from value: JSONValue, in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError)
        -> Self
    {
        guard case .object(let object) = value else {
            throw GraphQLDecodingError.mismatch(expected: "object", found: value)
        }
        return try Self(reader: GraphQLObjectReader(object: object, selectionSet: Self.self, context: context))
    }

    /// Decodes a selection set from a response object, outside of any operation.
    public init(data: JSONObject, variables: JSONObject = JSONObject()) throws(GraphQLDecodingError) {
        let context = GraphQLDecodingContext(variables: variables)
        self = try Self(reader: GraphQLObjectReader(object: data, selectionSet: Self.self, context: context))
    }

    /// Reads this object as another selection set on the same data: a fragment it spreads, or a type case. Pass the
    /// operation's effective variables, which decide its `@include`/`@skip` fields.
    public func asSelectionSet<Other: GraphQLSelectionSet>(
        _ type: Other.Type,
        variables: JSONObject
    ) throws(GraphQLDecodingError) -> Other {
        try Other(data: __data, variables: variables)
    }
}
