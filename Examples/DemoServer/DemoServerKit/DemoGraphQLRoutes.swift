import Foundation
import GraphQL
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// GraphQL over HTTP on `/graphql`: POST with a JSON body or a multipart body with files (the GraphQL multipart
/// request spec, ``DemoMultipartRequest``), GET with `query`, `variables` and `operationName` parameters (queries
/// only), answered as `application/graphql-response+json`; plus the WebSocket upgrade for subscriptions on the same
/// path.
struct DemoGraphQLRoutes: Sendable {
    let schema: GraphQLSchema
    let switches: DemoServerSwitches

    static let responseContentType = "application/graphql-response+json; charset=utf-8"
    /// The largest JSON body a POST may carry.
    static let maximumJSONBodyBytes = 1 << 20
    /// The largest multipart body (an operation and its files) a POST may carry; a larger one is answered with 413.
    static let maximumMultipartBodyBytes = 16 << 20

    /// A request's parameters, as POST bodies carry them.
    struct Parameters: Decodable {
        var query: String
        var variables: [String: Map]?
        var operationName: String?
    }

    func add(to router: Router<BasicWebSocketRequestContext>) {
        router.add(middleware: DemoWebSocketUpgrade(schema: schema))
        router.post("/graphql") { request, context in
            if let unavailable = unavailable() { return unavailable }
            if let contentType = request.headers[.contentType],
                contentType.lowercased().hasPrefix(DemoMultipartRequest.mediaType)
            {
                let body = try await request.body.collect(upTo: Self.maximumMultipartBodyBytes)
                do {
                    let upload = try DemoMultipartRequest(body: Data(body.readableBytesView), contentType: contentType)
                    return try await execute(upload.parameters, allowingMutations: true)
                } catch let error as DemoMultipartError {
                    return Self.errorResponse(.badRequest, error.description)
                }
            }
            let body = try await request.body.collect(upTo: Self.maximumJSONBodyBytes)
            guard let parameters = try? JSONDecoder().decode(Parameters.self, from: Data(body.readableBytesView)) else {
                return Self.errorResponse(.badRequest, "The body must be a JSON object with a string `query`.")
            }
            return try await execute(parameters, allowingMutations: true)
        }
        router.get("/graphql") { request, context in
            if let unavailable = unavailable() { return unavailable }
            let items = request.uri.queryParameters
            guard let query = items["query"].map(String.init) else {
                return Self.errorResponse(.badRequest, "A GET request needs a `query` parameter.")
            }
            var variables: [String: Map]?
            if let text = items["variables"].map(String.init) {
                guard let decoded = try? JSONDecoder().decode([String: Map].self, from: Data(text.utf8)) else {
                    return Self.errorResponse(.badRequest, "The `variables` parameter must be a JSON object.")
                }
                variables = decoded
            }
            let parameters = Parameters(
                query: query, variables: variables, operationName: items["operationName"].map(String.init))
            return try await execute(parameters, allowingMutations: false)
        }
    }

    private func unavailable() -> Response? {
        guard switches.isGraphQLFailing else { return nil }
        return Self.errorResponse(.serviceUnavailable, "The GraphQL endpoint is switched off.")
    }

    private func execute(_ parameters: Parameters, allowingMutations: Bool) async throws -> Response {
        if !allowingMutations, Self.isMutation(parameters.query, operationName: parameters.operationName) {
            var response = Self.errorResponse(.methodNotAllowed, "Mutations must be sent with POST.")
            response.headers[.allow] = "POST"
            return response
        }
        let result = try await graphql(
            schema: schema, request: parameters.query, variableValues: parameters.variables ?? [:],
            operationName: parameters.operationName)
        // A request that never executed (unparsable or invalid) is a client error; field errors come with data.
        let status: HTTPResponse.Status = result.data == nil && !result.errors.isEmpty ? .badRequest : .ok
        return try Self.jsonResponse(status, result)
    }

    private static func isMutation(_ query: String, operationName: String?) -> Bool {
        guard let document = try? parse(source: Source(body: query)) else { return false }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let chosen = operations.first { operationName == nil || $0.name?.value == operationName }
        return chosen?.operation == .mutation
    }

    static func jsonResponse(_ status: HTTPResponse.Status, _ result: GraphQLResult) throws -> Response {
        let data = try GraphQLJSONEncoder().encode(result)
        return Response(
            status: status, headers: [.contentType: responseContentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func errorResponse(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let result = GraphQLResult(errors: [GraphQLError(message: message)])
        let data = (try? GraphQLJSONEncoder().encode(result)) ?? Data()
        return Response(
            status: status, headers: [.contentType: responseContentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
