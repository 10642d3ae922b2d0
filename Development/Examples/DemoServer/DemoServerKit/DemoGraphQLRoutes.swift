import Foundation
import GraphQL
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// GraphQL over HTTP on `/graphql`: POST with a JSON body or a multipart body with files (the GraphQL multipart
/// request spec, ``DemoMultipartRequest``), GET with `query`, `variables` and `operationName` parameters and QUERY
/// with a JSON body (both queries only), answered as `application/graphql-response+json`; plus the WebSocket upgrade
/// for subscriptions on the same path.
///
/// A request may name its operation by persisted-query id (`extensions.persistedQuery.sha256Hash`) instead of
/// carrying its document. With a ``DemoSafelist``, a listed id runs the listed body, and an id that is not listed,
/// sent without a document, is answered `PersistedQueryNotFound` with 404 (as Apollo Router answers); without one,
/// such a request is answered `PersistedQueryNotSupported`. Every request is recorded in the ``DemoRequestLog``.
struct DemoGraphQLRoutes: Sendable {
    let schema: GraphQLSchema
    let switches: DemoServerSwitches
    let safelist: DemoSafelist?
    let log: DemoRequestLog

    static let responseContentType = "application/graphql-response+json; charset=utf-8"
    /// The largest JSON body a POST may carry.
    static let maximumJSONBodyBytes = 1 << 20
    /// The largest multipart body (an operation and its files) a POST may carry; a larger one is answered with 413.
    static let maximumMultipartBodyBytes = 16 << 20

    /// A request's parameters, as POST bodies carry them.
    struct Parameters: Decodable {
        var query: String?
        var variables: [String: Map]?
        var operationName: String?
        var extensions: Extensions?
    }

    /// The request extensions the server reads.
    struct Extensions: Decodable {
        struct PersistedQuery: Decodable {
            var version: Int?
            var sha256Hash: String
        }

        var persistedQuery: PersistedQuery?
    }

    /// What a request runs, or the answer that refuses it.
    enum Resolution {
        case run(String)
        case refuse(Response)
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
                    record(upload.parameters, method: "POST", headers: request.headers)
                    await switches.waitIfHeld(upload.parameters.operationName)
                    return try await execute(upload.parameters, allowingMutations: true)
                } catch let error as DemoMultipartError {
                    return Self.errorResponse(.badRequest, error.description)
                }
            }
            return try await executeJSONBody(of: request, method: "POST", allowingMutations: true)
        }
        // QUERY, the safe HTTP method with a body: the JSON body of a POST, and like GET never a mutation.
        router.on("/graphql", method: Self.queryMethod) { request, context in
            if let unavailable = unavailable() { return unavailable }
            return try await executeJSONBody(of: request, method: "QUERY", allowingMutations: false)
        }
        router.get("/graphql") { request, context in
            if let unavailable = unavailable() { return unavailable }
            let items = request.uri.queryParameters
            var variables: [String: Map]?
            if let text = items["variables"].map(String.init) {
                guard let decoded = try? JSONDecoder().decode([String: Map].self, from: Data(text.utf8)) else {
                    return Self.errorResponse(.badRequest, "The `variables` parameter must be a JSON object.")
                }
                variables = decoded
            }
            var extensions: Extensions?
            if let text = items["extensions"].map(String.init) {
                guard let decoded = try? JSONDecoder().decode(Extensions.self, from: Data(text.utf8)) else {
                    return Self.errorResponse(.badRequest, "The `extensions` parameter must be a JSON object.")
                }
                extensions = decoded
            }
            let parameters = Parameters(
                query: items["query"].map(String.init), variables: variables,
                operationName: items["operationName"].map(String.init), extensions: extensions)
            record(parameters, method: "GET", headers: request.headers)
            await switches.waitIfHeld(parameters.operationName)
            return try await execute(parameters, allowingMutations: false)
        }
    }

    /// The HTTP QUERY method.
    static let queryMethod = HTTPRequest.Method("QUERY")!

    /// Runs the operation of a request whose body is a JSON object of GraphQL parameters.
    private func executeJSONBody(
        of request: Request, method: String, allowingMutations: Bool
    ) async throws -> Response {
        let body = try await request.body.collect(upTo: Self.maximumJSONBodyBytes)
        guard let parameters = try? JSONDecoder().decode(Parameters.self, from: Data(body.readableBytesView)) else {
            return Self.errorResponse(.badRequest, "The body must be a JSON object with a string `query`.")
        }
        record(parameters, method: method, headers: request.headers)
        await switches.waitIfHeld(parameters.operationName)
        return try await execute(parameters, allowingMutations: allowingMutations)
    }

    private func unavailable() -> Response? {
        guard switches.isGraphQLFailing else { return nil }
        return Self.errorResponse(.serviceUnavailable, "The GraphQL endpoint is switched off.")
    }

    private func record(_ parameters: Parameters, method: String, headers: HTTPFields) {
        log.append(
            DemoGraphQLRequestRecord(
                method: method, operationName: parameters.operationName, hasDocument: parameters.query != nil,
                persistedQueryID: parameters.extensions?.persistedQuery?.sha256Hash,
                clientName: headers[.init("apollographql-client-name")!],
                clientVersion: headers[.init("apollographql-client-version")!]))
    }

    /// The document a request runs: the safelist's body for a listed id, else the document it carries, unless the
    /// safelist refuses other documents.
    private func resolve(_ parameters: Parameters) -> Resolution {
        let id = parameters.extensions?.persistedQuery?.sha256Hash
        if let id, let body = safelist?.body(id: id) { return .run(body) }
        guard let query = parameters.query else {
            guard id != nil else {
                return .refuse(Self.errorResponse(.badRequest, "The request needs a `query` or a persisted-query id."))
            }
            if safelist == nil {
                return .refuse(
                    Self.errorResponse(.badRequest, "PersistedQueryNotSupported", code: "PERSISTED_QUERY_NOT_SUPPORTED")
                )
            }
            return .refuse(Self.errorResponse(.notFound, "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND"))
        }
        if let safelist, safelist.refusesOtherDocuments, !safelist.lists(document: query) {
            return .refuse(
                Self.errorResponse(
                    .forbidden, "The document is not in the server's safelist.", code: "QUERY_NOT_IN_SAFELIST"))
        }
        return .run(query)
    }

    private func execute(_ parameters: Parameters, allowingMutations: Bool) async throws -> Response {
        let document: String
        switch resolve(parameters) {
        case .run(let text): document = text
        case .refuse(let response): return response
        }
        if !allowingMutations, Self.isMutation(document, operationName: parameters.operationName) {
            var response = Self.errorResponse(.methodNotAllowed, "Mutations must be sent with POST.")
            response.headers[.allow] = "POST"
            return response
        }
        let result = try await graphql(
            schema: schema, request: document, variableValues: parameters.variables ?? [:],
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

    static func errorResponse(_ status: HTTPResponse.Status, _ message: String, code: String? = nil) -> Response {
        let extensions: [String: Map] = code.map { ["code": .string($0)] } ?? [:]
        let result = GraphQLResult(errors: [GraphQLError(message: message, extensions: extensions)])
        let data = (try? GraphQLJSONEncoder().encode(result)) ?? Data()
        return Response(
            status: status, headers: [.contentType: responseContentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
