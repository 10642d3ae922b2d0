import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` transport, on Apple platforms and on Linux (FoundationNetworking).
///
/// Task cancellation cancels the underlying data task at once. A request's ``HTTPRequest/bodyStream`` goes out as the
/// request's `httpBodyStream`, read a chunk at a time as the session sends it. As an ``HTTPStreamingTransport``, it
/// hands over a body as it arrives (see `URLSessionTransport+Streaming.swift`).
///
/// The transport owns the session it makes: every request, streamed or not, goes through it and shares its
/// connections, and when the last copy of the transport goes the session finishes its tasks and is invalidated, with
/// its delegate. A session you pass stays yours.
public struct URLSessionTransport: HTTPTransport {
    /// The session the transport sends with.
    public let session: URLSession

    /// The per-request timeout handed to `URLRequest`; the client also enforces each call's own timeout.
    public var requestTimeout: TimeInterval

    /// The transport's own session, with the delegate that routes each task's events: ``session`` itself when the
    /// transport made it, else a session with the passed session's configuration for streamed requests.
    let owner: URLSessionOwner

    /// A transport on `session`, or on a fresh ephemeral session of its own.
    ///
    /// On its own session, the transport stops reading a body as soon as it passes the request's
    /// ``HTTPRequest/maximumResponseSize`` (or its declared `Content-Length` does). A session you pass keeps its own
    /// delegate, so its bodies arrive whole and the client checks their size afterwards; its streamed requests go
    /// through one session of the transport's own, made with the same configuration.
    public init(session: URLSession? = nil, requestTimeout: TimeInterval = 60) {
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
        urlRequest.timeoutInterval = requestTimeout
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let stream = request.bodyStream {
            urlRequest.httpBodyStream = try HTTPBodyInputStream(stream)
            urlRequest.setValue(String(stream.length), forHTTPHeaderField: "Content-Length")
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

    /// `data(for:)` through a data task, so that cancelling the Swift task cancels the request on every platform.
    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let state = DataTaskState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
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
