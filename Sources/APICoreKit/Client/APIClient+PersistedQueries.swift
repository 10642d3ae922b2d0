extension APIClient {
    /// How a call uses persisted queries: its options' mode over the client's; `nil` sends the document.
    func persistedQueryMode(_ options: RequestOptions) -> PersistedQueriesConfiguration.Mode? {
        guard options.usesPersistedQueries else { return nil }
        return options.persistedQueryMode ?? configuration.persistedQueries?.mode
    }

    /// Fails an operation that would be sent ID-only but has no id, before anything is sent.
    func checkPersistedQueryID<Operation: GraphQLOperation>(
        of operation: Operation,
        options: RequestOptions
    ) throws(APIError) {
        guard persistedQueryMode(options) == .identifierOnly, operation.__operationIdentifier == nil else { return }
        throw APIError(
            .invalidRequest, operationName: operation.__operationName,
            reason:
                "the operation has no persisted-query id (operationIdentifier) to send in place of its document, "
                + "as identifierOnly persisted queries do")
    }

    /// Sends the payload with only its persisted-query id, never its document (see ``identifiedOnly(_:by:)``), and
    /// checks the answer with ``checkIdentifierKnown(_:id:operationName:)``.
    func exchangeIdentifierOnly(
        _ payload: GraphQLPayload,
        persistedQueryID: String?,
        method: GraphQLQueryMethod,
        send: (GraphQLPayload, GraphQLQueryMethod) async throws -> GraphQLHTTPResponse
    ) async throws -> GraphQLHTTPResponse {
        let (identified, id) = try identifiedOnly(payload, by: persistedQueryID)
        let getsByID = configuration.persistedQueries?.usesGETForHashedQueries ?? false
        let answer = try await send(identified, getsByID && payload.operationType == .query ? .get : method)
        try Self.checkIdentifierKnown(answer, id: id, operationName: payload.name)
        return answer
    }

    /// The payload with its persisted-query id in `extensions.persistedQuery` and no document, and the id: the
    /// generated `persistedQueryID`, else the SHA-256 of a hand-written document.
    func identifiedOnly(
        _ payload: GraphQLPayload,
        by persistedQueryID: String?
    ) throws(APIError) -> (payload: GraphQLPayload, id: String) {
        guard let id = persistedQueryID ?? payload.document.map(documentHashes.hash(of:)) else {
            throw APIError(.invalidRequest, operationName: payload.name, reason: "no persisted-query id to send")
        }
        var identified = payload
        identified.document = nil
        identified.extensions = GraphQLPayload.persistedQueryExtension(hash: id)
        return (identified, id)
    }

    /// Fails a call sent ID-only when the server does not know the id (``APIError/Code/persistedQueryNotFound``) or
    /// does not do persisted queries (``APIError/Code/graphQL``): a safelist server must never receive the document,
    /// so there is no retry with it.
    static func checkIdentifierKnown(
        _ answer: GraphQLHTTPResponse,
        id: String,
        operationName: String
    ) throws(APIError) {
        if answer.isPersistedQueryNotFound {
            var error = APIError(
                .persistedQueryNotFound, operationName: operationName, statusCode: answer.response.statusCode,
                graphQLErrors: answer.body.errors,
                reason: "unknown id \(id); register the generated operation manifest with the server")
            error.responseExtensions = answer.body.extensions
            throw error
        }
        if answer.isPersistedQueryNotSupported {
            var error = graphQLFailure(
                answer.body, statusCode: answer.response.statusCode, operationName: operationName)
            error.reason = "the server does not do persisted queries, and identifierOnly mode never sends the document"
            throw error
        }
    }
}
