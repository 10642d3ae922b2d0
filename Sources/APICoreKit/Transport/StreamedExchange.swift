import APICoreGraphQL
import APICoreJSON
import Foundation

/// Sends one request through the interceptors and hands over its response body as it arrives.
///
/// The interceptors run as for any call, but see the response head: when the transport is an
/// ``HTTPStreamingTransport``, the end of the chain returns the status and header fields with an empty body as soon as
/// they arrive, and the body streams below the interceptors, straight to the caller. So an interceptor can retry or
/// fail on the status (auth on 401, retry on 503), add or read header fields and log or time the head, but never sees
/// the body's bytes. An interceptor that answers with a body of its own (a response with a non-empty body, or one
/// that does not come from the network) replaces the stream: that body is used whole, and the streamed request is
/// cancelled. A retried attempt cancels the stream of the attempt before it.
///
/// With a transport that does not stream (an in-memory one), the chain runs as usual and the whole body is handed
/// over in one chunk.
enum StreamedExchange {
    static func send(
        _ request: HTTPRequest,
        interceptors: [any APIInterceptor],
        transport: any HTTPTransport,
        maximumResponseSize: Int?
    ) async throws -> HTTPStreamingResponse {
        guard let streaming = transport as? any HTTPStreamingTransport else {
            let chain = InterceptorChain(
                interceptors: interceptors, transport: transport, maximumResponseSize: maximumResponseSize)
            return HTTPStreamingResponse(whole: try await chain.send(request))
        }
        let capture = StreamCapture(streaming)
        let response: HTTPResponse
        do {
            // The limit holds for each part of a streamed body (or the whole of one that is not multipart), which the
            // reader checks as the parts arrive; the head itself has no body to check.
            let chain = InterceptorChain(interceptors: interceptors, transport: capture, maximumResponseSize: nil)
            response = try await chain.send(request)
        } catch {
            capture.take()?.cancel()
            throw error
        }
        guard var streamed = capture.take() else { return HTTPStreamingResponse(whole: response) }
        guard response.source == .network, response.body.isEmpty else {
            streamed.cancel()
            return HTTPStreamingResponse(whole: response)
        }
        streamed.head = response
        streamed.maximumSize = maximumResponseSize
        return streamed
    }
}

/// The end of a streamed call's interceptor chain: opens the stream and passes its head up the chain.
private final class StreamCapture: HTTPTransport {
    private let transport: any HTTPStreamingTransport
    private let latest = Lock<HTTPStreamingResponse?>(nil)

    init(_ transport: any HTTPStreamingTransport) {
        self.transport = transport
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let streamed = try await transport.stream(request)
        let previous = latest.withLock { latest in
            defer { latest = streamed }
            return latest
        }
        previous?.cancel()
        return streamed.head
    }

    /// The stream of the last attempt, once.
    func take() -> HTTPStreamingResponse? {
        latest.withLock { latest in
            defer { latest = nil }
            return latest
        }
    }
}

/// What a streamed GraphQL request got back: a `multipart/mixed` body to read part by part, or one whole GraphQL
/// response (what a server that does not stream the operation answers).
enum StreamedGraphQLResponse {
    /// A successful multipart response, and a parser for its boundary that bounds each part by the call's limit.
    case multipart(HTTPStreamingResponse, MultipartMixedParser)
    /// A whole response, and its body read as a GraphQL response.
    case whole(HTTPResponse, GraphQLHTTPResponse)
}

extension StreamedExchange {
    /// Sends a GraphQL request whose answer may stream (`@defer`, multipart subscriptions) and tells the two kinds of
    /// answer apart; a multipart answer with a failing status is an ``APIError/Code/httpStatus`` error.
    static func sendGraphQL(
        _ request: HTTPRequest,
        interceptors: [any APIInterceptor],
        transport: any HTTPTransport,
        maximumResponseSize: Int?,
        operationName: String,
        reader: JSONReader
    ) async throws -> StreamedGraphQLResponse {
        let streamed = try await send(
            request, interceptors: interceptors, transport: transport, maximumResponseSize: maximumResponseSize)
        let response = streamed.head
        guard let contentType = response.headers["Content-Type"],
            let boundary = MultipartMixedBody.boundary(ofContentType: contentType)
        else {
            var whole = response
            whole.body = try await streamed.collectBody()
            return .whole(whole, try GraphQLHTTPResponse(whole, operationName: operationName, reader: reader))
        }
        guard response.isSuccess else {
            streamed.cancel()
            throw APIError(.httpStatus, operationName: operationName, statusCode: response.statusCode)
        }
        return .multipart(streamed, MultipartMixedParser(boundary: boundary, maximumPartSize: streamed.maximumSize))
    }
}
