/// The one place a streamed GraphQL result (a subscription event, an incremental response) becomes a typed
/// ``APIResponse``: it builds the ``GraphQLDecodingContext`` with the configured observer, decodes the data, and
/// turns a result without data or with data that does not match into an ``APIError``.
struct GraphQLResultDecoder: Sendable {
    let observation: (any GraphQLDecodingObservation)?

    func decode<Data: GraphQLRootSelectionSet>(
        _ body: GraphQLResponseBody,
        as type: Data.Type,
        result: GraphQLResultDescription,
        metadata: ResponseMetadata
    ) throws(APIError) -> APIResponse<Data> {
        do {
            return try decodeAsSent(body, as: type, result: result, metadata: metadata)
        } catch let error where (error.underlying as? GraphQLDecodingError)?.reason == .nullValue {
            // A server that broke the spec's null propagation: repair the data as the spec says and decode again.
            let repaired = GraphQLNullPropagation.repair(body, as: type, variables: result.variables)
            return try decodeAsSent(repaired, as: type, result: result, metadata: metadata)
        }
    }

    private func decodeAsSent<Data: GraphQLRootSelectionSet>(
        _ body: GraphQLResponseBody,
        as type: Data.Type,
        result: GraphQLResultDescription,
        metadata: ResponseMetadata
    ) throws(APIError) -> APIResponse<Data> {
        let name = result.operationName
        guard let object = body.data else {
            if body.errors.isEmpty { throw APIError(.noData, operationName: name) }
            var error = APIError(.graphQL, operationName: name, graphQLErrors: body.errors)
            error.responseExtensions = body.extensions
            throw error
        }
        let observer = observation?.observer(for: result)
        let context = GraphQLDecodingContext(variables: result.variables, observer: observer)
        do throws(GraphQLDecodingError) {
            let data = try Data(reader: GraphQLObjectReader(object: object, selectionSet: Data.self, context: context))
            if let observer { observation?.didDecode(result, observer: observer, succeeded: true) }
            return APIResponse(value: data, errors: body.errors, extensions: body.extensions, metadata: metadata)
        } catch {
            if let observer { observation?.didDecode(result, observer: observer, succeeded: false) }
            throw APIError(
                .decoding, operationName: name, graphQLErrors: body.errors, responsePath: error.path,
                underlying: error, reason: error.description)
        }
    }
}
