import APICoreGraphQL
import APICoreJSON

extension GraphQLSelectionSet {
    /// The selection set read from `mock`'s response object, as a server would have sent it for these `variables`.
    ///
    /// Throws only when a value the test set does not fit the field, for instance a custom scalar's invalid text.
    public init(mock: some GraphQLMockObject, variables: JSONObject = JSONObject()) throws(GraphQLDecodingError) {
        var encoder = GraphQLMockEncoder(variables: variables)
        let object = encoder.object(mock, as: Self.self)
        try self.init(data: object, variables: variables)
    }
}

extension GraphQLMockObject {
    /// The response object of this builder as `selectionSet` selects it, decided with `variables`.
    public func responseObject(
        for selectionSet: any GraphQLSelectionSet.Type, variables: JSONObject = JSONObject()
    ) -> JSONObject {
        var encoder = GraphQLMockEncoder(variables: variables)
        return encoder.object(self, as: selectionSet)
    }

    /// The `data` of a response to `operation`, with this builder as its root object (the `Query`, `Mutation` or
    /// `Subscription` builder), decided with the operation's variables and their defaults.
    public func responseData<Operation: GraphQLOperation>(for operation: Operation) -> JSONObject {
        var encoder = GraphQLMockEncoder(variables: operation.effectiveVariables)
        return encoder.object(self, as: operation.__dataSelections)
    }

    /// The `data` of a response to any request for `Operation`, decided with `variables` and the document's
    /// defaults for those left out.
    public func responseData<Operation: GraphQLOperation>(
        for operation: Operation.Type, variables: JSONObject = JSONObject()
    ) -> JSONObject {
        responseObject(for: Operation.Data.self, variables: variables.withDefaults(Operation.variableDefaults))
    }

    /// The typed `data` of a response to `operation`, with this builder as its root object.
    public func data<Operation: GraphQLOperation>(
        for operation: Operation
    ) throws(GraphQLDecodingError)
        -> Operation.Data
    {
        let variables = operation.effectiveVariables
        let context = GraphQLDecodingContext(variables: variables)
        return try Operation.Data(
            reader: GraphQLObjectReader(
                object: responseData(for: operation), selections: operation.__dataSelections, context: context))
    }
}
