import APICoreGraphQL
@_spi(Transport) import APICoreKit
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Tracing

/// The AsyncHTTPClient transport: HTTP/1.1 and HTTP/2 on SwiftNIO, the default on Linux.
///
/// It sends through an `HTTPClient` that it creates on first use, on an event loop of its own, and shuts down
/// (event loop included) when ``shutdown()`` is called or the last copy of the transport, and so the last client
/// using it, goes away. An `HTTPClient` you pass in is yours: the transport never shuts it down.
///
/// - The client's time limit covers the whole exchange, body included: when it fires, the task is cancelled and
///   the request is cancelled on the wire. ``requestTimeout`` bounds only the wait for the response head.
/// - A request's ``HTTPRequest/bodyStream`` is read a chunk at a time as the connection takes it, so an upload from
///   disk never sits in memory whole.
/// - A body passing the request's ``HTTPRequest/maximumResponseSize`` (or declaring a larger `Content-Length`)
///   stops the request at once with `APIError.Code.responseTooLarge`.
/// - A tracer in the configuration (AsyncHTTPClient takes the one bootstrapped with `InstrumentationSystem`, if any,
///   when the configuration is made) records a span per request. Without one, a client the transport makes
///   builds no span attributes at all.
/// - Redirects, HTTP/2 over TLS, the connection pool, proxies and TLS settings come from the
///   `HTTPClient.Configuration` given; ``defaultConfiguration`` follows up to five redirects and negotiates HTTP/2
///   where the server offers it. AsyncHTTPClient does not follow a redirect of a streamed body, which it cannot
///   send twice; the transport can, and follows a 307 or 308 of one up to ``streamedBodyRedirects`` times.
/// - An HTTP proxy is asked for a `CONNECT` tunnel for every request, plain HTTP included, so it must allow
///   `CONNECT` to the server's port; one that wants credentials the configuration lacks fails the request with
///   `URLError.userAuthenticationRequired`.
/// - Failures that happen before a response arrives are thrown as `URLError`s with the codes `URLSession` uses
///   (the AsyncHTTPClient or SwiftNIO error under `NSUnderlyingErrorKey`), so retries, error reasons and
///   ``APIError`` codes are the same on both transports: a server certificate that does not verify is
///   `serverCertificateUntrusted`, another TLS failure `secureConnectionFailed`.
public struct AsyncHTTPClientTransport: HTTPStreamingTransport {
    /// How long a request may wait for its response head.
    public var requestTimeout: Duration

    /// How many 307 and 308 redirects the transport follows for a request with a ``HTTPRequest/bodyStream``,
    /// sending the body again from its start to the new address, with the same method: AsyncHTTPClient returns
    /// such redirects unfollowed, because it cannot send a streamed body twice. Match it to the redirect limit of
    /// the client's configuration (five in ``defaultConfiguration``); `0` returns the redirect as it came.
    ///
    /// As AsyncHTTPClient does, a redirect to another origin drops `Authorization`, `Proxy-Authorization`,
    /// `Cookie` and `Origin`; a redirect to an address already visited, or one past the limit, fails with
    /// `URLError.httpTooManyRedirects`.
    public var streamedBodyRedirects = 5

    private let owner: AsyncHTTPClientOwner

    /// The configuration of a transport that makes its own client: redirects followed up to five times without
    /// cycles, HTTP/2 where TLS negotiates it, connections kept for 60 seconds, and a connection that cannot be
    /// made failing its requests at once, as with `URLSession` (AsyncHTTPClient's own default retries it until
    /// the connect timeout); retrying is the client's ``RetryInterceptor``'s decision.
    ///
    /// It sets no connect timeout, so the transport's ``requestTimeout`` bounds the wait for a connection too.
    /// AsyncHTTPClient bounds by its connect timeout both making a connection and a request's wait in the pool
    /// for one (8 connections per host by default): with a 10-second connect timeout, the ninth of nine
    /// concurrent requests to a slow server failed as timed out after 10 seconds, whatever the call allowed.
    public static var defaultConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false))
        configuration.httpVersion = .automatic
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(60))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// A transport that creates its own `HTTPClient` from `configuration` (connection pool, proxy, TLS,
    /// redirects, HTTP version) on first use, with `eventLoopThreads` event-loop threads of its own. A
    /// configuration without a connect timeout gets `requestTimeout` as its connect timeout, which also bounds a
    /// request's wait for a pooled connection.
    public init(
        configuration: HTTPClient.Configuration = defaultConfiguration,
        eventLoopThreads: Int = 1,
        requestTimeout: Duration = .seconds(60)
    ) {
        precondition(eventLoopThreads > 0, "an HTTP client needs at least one event-loop thread")
        var configuration = configuration
        if configuration.timeout.connect == nil {
            configuration.timeout.connect = TimeAmount.nanoseconds(Self.nanoseconds(requestTimeout))
        }
        owner = AsyncHTTPClientOwner(configuration: configuration, eventLoopThreads: eventLoopThreads)
        self.requestTimeout = requestTimeout
    }

    /// A transport that sends through `client`, which stays the caller's to shut down.
    public init(client: HTTPClient, requestTimeout: Duration = .seconds(60)) {
        owner = AsyncHTTPClientOwner(borrowing: client)
        self.requestTimeout = requestTimeout
    }

    /// Shuts down the client the transport created, and its event loop, once the requests in flight have ended;
    /// later requests fail. Does nothing for a client that was passed in.
    public func shutdown() async throws {
        try await owner.shutdown()
    }

    /// `configuration` with its tracer taken out when it is the no-op one, which is what AsyncHTTPClient takes
    /// when no tracing system was bootstrapped before the configuration was made. Either way no span is recorded,
    /// but with a no-op tracer AsyncHTTPClient still builds every request's span attributes, parsing the URL again
    /// for them: about 8 % of the instructions of a small query on loopback, server included. A real tracer is
    /// kept.
    package static func withoutNoOpTracer(_ configuration: HTTPClient.Configuration) -> HTTPClient.Configuration {
        guard configuration.tracing.tracer is NoOpTracer else { return configuration }
        var configuration = configuration
        configuration.tracing.tracer = nil
        return configuration
    }

    /// The event loop group of the client the transport made, once it has made it; `nil` for a client passed in.
    package var eventLoopGroup: (any EventLoopGroup)? { owner.eventLoopGroup }

    /// Sends the request and returns its status, header fields and whole body.
    ///
    /// Throws a `URLError` when no response arrived, `CancellationError` when the task was cancelled, and
    /// `APIError.Code.responseTooLarge` when the body passes the request's
    /// ``HTTPRequest/maximumResponseSize``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (head, response) = try await exchange(request)
        var body = Data()
        do {
            for try await buffer in response.body {
                body.append(contentsOf: buffer.readableBytesView)
                if let limit = request.maximumResponseSize, body.count > limit {
                    throw APIError.responseTooLarge(limit: limit, statusCode: head.statusCode)
                }
            }
        } catch {
            throw AsyncHTTPClientErrors.translate(error)
        }
        try Task.checkCancellation()
        var whole = head
        whole.body = body
        return whole
    }

    /// Sends the request and returns once the response head has arrived; the body's chunks follow as they
    /// arrive. Cancelling the task that iterates the body, or ``HTTPStreamingResponse/cancel()``, cancels the
    /// request on the wire.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let (head, response) = try await exchange(request)
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let reading = Task {
            do {
                for try await buffer in response.body {
                    continuation.yield(Data(buffer.readableBytesView))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: AsyncHTTPClientErrors.translate(error))
            }
        }
        continuation.onTermination = { _ in reading.cancel() }
        return HTTPStreamingResponse(head: head, body: body, onCancel: { reading.cancel() })
    }

    /// Sends `request` and waits for the response head, following redirects of a streamed body; a declared
    /// `Content-Length` over the request's limit fails at once.
    private func exchange(_ request: HTTPRequest) async throws -> (HTTPResponse, HTTPClientResponse) {
        try Task.checkCancellation()
        let client = try owner.client()
        let deadline = NIODeadline.now() + TimeAmount.nanoseconds(Self.nanoseconds(requestTimeout))
        let response: HTTPClientResponse
        do {
            response = try await BodyRedirects.follow(
                request, limit: streamedBodyRedirects, applies: { $0.bodyStream != nil },
                send: { try await client.execute(Self.clientRequest(for: $0), deadline: deadline) },
                head: { (Int($0.status.code), $0.headers.first(name: "Location")) },
                discard: { redirect in for try await _ in redirect.body {} })
        } catch {
            throw AsyncHTTPClientErrors.translate(error)
        }
        let head = Self.head(of: response)
        if let limit = request.maximumResponseSize,
            let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit
        {
            throw APIError.responseTooLarge(limit: limit, statusCode: head.statusCode)
        }
        return (head, response)
    }

    /// The AsyncHTTPClient request of a request.
    static func clientRequest(for request: HTTPRequest) -> HTTPClientRequest {
        var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
        clientRequest.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        clientRequest.headers.reserveCapacity(request.headers.count)
        for field in request.headers {
            clientRequest.headers.add(name: field.name, value: field.value)
        }
        if let stream = request.bodyStream {
            clientRequest.body = stream.clientBody
        } else if let body = request.body {
            clientRequest.body = .bytes(ByteBuffer(bytes: body))
        }
        return clientRequest
    }

    /// The status and header fields of a response, without a body.
    static func head(of response: HTTPClientResponse) -> HTTPResponse {
        var headers = APICoreKit.HTTPHeaders()
        headers.reserveCapacity(response.headers.count)
        for (name, value) in response.headers {
            headers.add(name, value)
        }
        return HTTPResponse(statusCode: Int(response.status.code), headers: headers)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
