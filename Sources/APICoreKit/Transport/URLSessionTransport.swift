import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` transport, on Apple platforms and on Linux (FoundationNetworking).
///
/// Task cancellation cancels the underlying data task at once. A request's ``HTTPRequest/bodyStream`` goes out as the
/// request's `httpBodyStream`, read a chunk at a time as the session sends it, with its length as `Content-Length`
/// on Apple platforms and chunked under swift-corelibs-foundation; when the session must send it again (a kept-alive
/// connection that closed, a 307 or 308 redirect), it gets the body anew from its start. As an ``HTTPStreamingTransport``, it
/// hands over a body as it arrives (see `URLSessionTransport+Streaming.swift`).
///
/// The transport owns the session it makes: every request, streamed or not, goes through it and shares its
/// connections, and when the last copy of the transport goes the session finishes its tasks and is invalidated, with
/// its delegate. A session you pass stays yours.
public struct URLSessionTransport: HTTPTransport {
    /// The session the transport sends with.
    public let session: URLSession

    /// The per-request timeout handed to `URLRequest`; the client also enforces each call's own timeout.
    public var requestTimeout: Duration

    /// The transport's own session, with the delegate that routes each task's events: ``session`` itself when the
    /// transport made it, else a session with the passed session's configuration for streamed requests.
    let owner: URLSessionOwner

    /// A transport on `session`, or on a fresh ephemeral session of its own.
    ///
    /// On its own session, the transport stops reading a body as soon as it passes the request's
    /// ``HTTPRequest/maximumResponseSize`` (or its declared `Content-Length` does). A session you pass keeps its own
    /// delegate, so its bodies arrive whole and the client checks their size afterwards; its streamed requests go
    /// through one session of the transport's own, made with the same configuration.
    public init(session: URLSession? = nil, requestTimeout: Duration = .seconds(60)) {
        let owner = URLSessionOwner(configuration: session?.configuration ?? .ephemeral)
        self.session = session ?? owner.session
        self.owner = owner
        self.requestTimeout = requestTimeout
    }

    /// Sends the request on the session and returns its status, header fields and body. Throws when no response
    /// arrived (the session's `URLError`, or `CancellationError` when the task was cancelled before sending), and an
    /// ``APIError`` when the response is not HTTP or, on the transport's own session, its body passes the request's
    /// ``HTTPRequest/maximumResponseSize``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        return try await BodyRedirects.follow(
            request, limit: Self.bodyRedirectLimit, applies: Self.needsBodyRedirects, send: sendOnce,
            head: { ($0.statusCode, $0.headers["Location"]) }, discard: { _ in })
    }

    /// Whether the session hands back a 307 or 308 of a request with a body for the transport to follow: under
    /// swift-corelibs-foundation, which would follow it with the body left out. Apple's Foundation follows it
    /// itself, asking for the body again.
    #if canImport(FoundationNetworking)
        static let followsBodyRedirects = true
    #else
        static let followsBodyRedirects = false
    #endif

    /// How many redirects of a request with a body the transport follows: as many as swift-corelibs-foundation
    /// follows of any other request.
    static let bodyRedirectLimit = 20

    /// Whether a redirect with `status` keeps the request's method and body.
    static func keepsBody(_ status: Int) -> Bool {
        status == 307 || status == 308
    }

    /// Whether the transport follows the 307 and 308 redirects of `request` itself.
    static func needsBodyRedirects(_ request: HTTPRequest) -> Bool {
        followsBodyRedirects && (request.body != nil || request.bodyStream != nil)
    }

    /// Sends the request once, returning a redirect as it came.
    private func sendOnce(_ request: HTTPRequest) async throws -> HTTPResponse {
        // On its own session, whose delegate is the router, a size-limited body is collected chunk by chunk.
        if let limit = request.maximumResponseSize, owner.session === session {
            let urlRequest = try urlRequest(for: request)
            let response: HTTPResponse
            do {
                response = try await owner.router.send(urlRequest, in: session, limit: limit)
            } catch {
                throw Self.bodyFailure(of: urlRequest, or: error)
            }
            try Self.checkBody(of: urlRequest)
            return response
        }
        let urlRequest = try urlRequest(for: request)
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await self.data(for: urlRequest)
        } catch {
            throw Self.bodyFailure(of: urlRequest, or: error)
        }
        try Self.checkBody(of: urlRequest)
        var whole = try Self.head(of: response)
        whole.body = data
        return whole
    }

    /// The `URLRequest` of a request; throws when a streamed body's source cannot be opened (a file that is gone),
    /// before anything is sent.
    func urlRequest(for request: HTTPRequest) throws -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        // Whole seconds and the fraction: `.milliseconds(500)` is half a second, not zero.
        let (seconds, attoseconds) = requestTimeout.components
        urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let stream = request.bodyStream {
            urlRequest.httpBodyStream = try HTTPBodyInputStream(stream)
            // libcurl (under swift-corelibs-foundation) sends a stream of unknown length chunked, whatever the
            // request's fields say, and a request with both framings is one that servers may refuse (RFC 9112, 6.3).
            #if !canImport(FoundationNetworking)
                urlRequest.setValue(String(stream.length), forHTTPHeaderField: "Content-Length")
            #endif
        } else {
            urlRequest.httpBody = request.body
        }
        return urlRequest
    }

    /// Throws the error a request's streamed body failed with, if it did: `URLSession` may end such a request with a
    /// response to the part of the body that went out.
    static func checkBody(of request: URLRequest) throws {
        if let failure = (request.httpBodyStream as? HTTPBodyInputStream)?.failure { throw failure }
    }

    /// The error a request's streamed body failed with, in place of the session's error for the failed upload.
    static func bodyFailure(of request: URLRequest, or error: any Error) -> any Error {
        (request.httpBodyStream as? HTTPBodyInputStream)?.failure ?? error
    }

    /// The status and header fields of a response, without a body.
    static func head(of response: URLResponse) throws(APIError) -> HTTPResponse {
        guard let http = response as? HTTPURLResponse else {
            throw APIError(.invalidResponse, reason: "not an HTTP response")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(String(describing: name), String(describing: value))
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers)
    }

    /// `data(for:)` through a data task, so that cancelling the Swift task cancels the request on every platform; a
    /// streamed body is sent again from its start if the session must resend it.
    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let state = DataTaskState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = owner.router.dataTask(with: request, in: session) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                if state.start(task) { task.resume() }
            }
        } onCancel: {
            state.cancel()
        }
    }
}
