import Foundation

/// The one way a GraphQL result becomes an ``APIResponse``, for every entry point: a whole response (`execute`,
/// `fetch`, `watch`), each state of an incremental (`@defer`) response, each subscription event.
///
/// Built per call from the operation, its effective variables, the error policy and the cache write; for each result
/// it applies, in order:
/// 1. the error policy (``RequestOptions/ErrorPolicy/failOnErrors`` fails on any GraphQL error);
/// 2. the result's `Cache-Control`: `no-store` keeps its records out of the cache, `max-age` bounds how long they are
///    served;
/// 3. one walk over the JSON that decodes the data and normalizes it
///    (`CacheStore.decode(_:as:from:variables:rootKey:maxAge:observer:)`), seen by the configured
///    ``GraphQLDecodingObservation`` too;
/// 4. the spec's null propagation, when a server broke it: the data is repaired and decoded again;
/// 5. errors without data fail with ``APIError/Code/graphQL`` (``APIError/Code/noData`` without errors);
/// 6. the cache write, whose failure is reported in ``ResponseMetadata/cacheWriteError`` and never costs the value.
struct GraphQLResultPipeline<Data: GraphQLRootSelectionSet>: Sendable {
    /// The operation's name, which every error carries.
    let operationName: String
    let operationType: GraphQLOperationType
    /// The selections the data is read with (`__dataSelections`).
    let selections: GraphQLSelectionTree
    /// The variables the data was selected with, defaults included.
    let variables: JSONObject
    let errorPolicy: RequestOptions.ErrorPolicy
    let write: CacheWrite<Data>
    let observation: (any GraphQLDecodingObservation)?
    let delivery: GraphQLResultDescription.Delivery

    /// The pipeline of `operation`'s results.
    init<Operation: GraphQLOperation>(
        _ operation: Operation,
        errorPolicy: RequestOptions.ErrorPolicy,
        write: CacheWrite<Data>,
        observation: (any GraphQLDecodingObservation)?,
        delivery: GraphQLResultDescription.Delivery
    ) where Operation.Data == Data {
        operationName = operation.__operationName
        operationType = operation.__operationType
        selections = operation.__dataSelections
        variables = operation.effectiveVariables
        self.errorPolicy = errorPolicy
        self.write = write
        self.observation = observation
        self.delivery = delivery
    }

    /// The response for one result: `body`, which arrived as `origin` says, `start` being when the call began.
    func response(
        _ body: GraphQLResponseBody,
        from origin: GraphQLResultOrigin,
        start: ContinuousClock.Instant
    ) throws(APIError) -> APIResponse<Data> {
        if errorPolicy == .failOnErrors, !body.errors.isEmpty {
            throw APIClient.graphQLFailure(body, statusCode: origin.statusCode, operationName: operationName)
        }
        let directives = CacheControlDirectives(headers: origin.headers)
        let store = directives.noStore ? nil : write.store
        var body = body
        let data: Data?
        let records: RecordSet
        do throws(GraphQLDecodingError) {
            // Fields that catch or throw their errors (`@catch`, `@catchByDefault`) need the repair's walk whenever
            // there are errors, even when the data decodes as it is.
            var decoded: (Data?, RecordSet)?
            if body.errors.isEmpty || !selections.catchesFieldErrors {
                do throws(GraphQLDecodingError) {
                    decoded = try decode(body, store: store, maxAge: directives.maxAge)
                } catch  where error.reason == .nullValue {
                    decoded = nil
                }
            }
            if let decoded {
                (data, records) = decoded
            } else {
                // A non-null field is `null`: the server was asked not to propagate (`onError: NULL`), or broke the
                // spec's propagation. The typed data is the data repaired as the spec says; the records keep what the
                // server sent, the failed fields stored as their errors, when its errors account for every such
                // `null` (else they are those of the repaired data).
                let sent = body
                body = GraphQLNullPropagation.repair(body, as: selections, variables: variables)
                if let store, let object = sent.data, !sent.errors.isEmpty,
                    let kept = try? store.records(
                        ofDataWithFieldErrors: object, selections: selections, variables: variables,
                        rootKey: .root(of: operationType), maxAge: directives.maxAge, fieldErrors: sent.errors)
                {
                    (data, _) = try decode(body, store: nil, maxAge: directives.maxAge)
                    records = kept
                } else {
                    (data, records) = try decode(body, store: store, maxAge: directives.maxAge)
                }
            }
        } catch {
            throw APIError(
                .decoding, operationName: operationName, statusCode: origin.statusCode, graphQLErrors: body.errors,
                responsePath: error.path, underlying: error, reason: error.description)
        }
        // Only a repair adds errors after the first check; they fail the call as the server's own would.
        guard let data, errorPolicy == .returnPartialData || body.errors.isEmpty else {
            throw APIClient.graphQLFailure(body, statusCode: origin.statusCode, operationName: operationName)
        }
        var metadata = ResponseMetadata(
            source: origin.source, statusCode: origin.statusCode, operationName: operationName,
            duration: .now - start, headers: origin.headers, responseBytes: origin.responseBytes)
        metadata.cacheWriteError = write.commit(records, of: data)
        return APIResponse(value: data, errors: body.errors, extensions: body.extensions, metadata: metadata)
    }

    /// Decodes the data and, with a store, normalizes it in the same walk; `nil` data for a result without any.
    private func decode(
        _ body: GraphQLResponseBody,
        store: CacheStore?,
        maxAge: Duration?
    ) throws(GraphQLDecodingError) -> (Data?, RecordSet) {
        guard let object = body.data else { return (nil, RecordSet()) }
        let description = GraphQLResultDescription(
            operationName: operationName, operationType: operationType, variables: variables, delivery: delivery)
        let observer = observation?.observer(for: description)
        do throws(GraphQLDecodingError) {
            let decoded: (Data?, RecordSet)
            if let store {
                decoded = try store.decode(
                    selections, as: Data.self, from: object, variables: variables, rootKey: .root(of: operationType),
                    maxAge: maxAge, fieldErrors: body.errors, observer: observer)
            } else {
                decoded = (
                    try body.decodeData(Data.self, selections: selections, variables: variables, observer: observer),
                    RecordSet()
                )
            }
            if let observer { observation?.didDecode(description, observer: observer, succeeded: true) }
            return decoded
        } catch {
            if let observer { observation?.didDecode(description, observer: observer, succeeded: false) }
            throw error
        }
    }
}

/// How a result arrived: what of its HTTP response the pipeline and the metadata use.
struct GraphQLResultOrigin: Sendable {
    var source: HTTPResponse.Source = .network
    /// The HTTP status; `nil` for a subscription event over WebSocket.
    var statusCode: Int?
    /// The header fields of the response the result came in; `Cache-Control` among them applies to it.
    var headers = HTTPHeaders()
    var responseBytes = 0

    /// A result that came as (or in) `response`.
    init(_ response: HTTPResponse) {
        source = response.source
        statusCode = response.statusCode
        headers = response.headers
        responseBytes = response.body.count
    }

    /// A subscription event with the header fields of its response, if it had one.
    init(event: GraphQLSubscriptionEvent) {
        statusCode = event.statusCode
        headers = event.headers
    }
}
