/// Sends an HTTP request and returns the server's response: the last link of the interceptor chain.
///
/// A transport throws only when no HTTP response arrived (a connection error, a timeout, cancellation); a failing
/// status is a response like any other, so GraphQL bodies on 4xx and 5xx statuses can still be read.
public protocol HTTPTransport: Sendable {
    /// Sends the request. Task cancellation must abort the request and throw `CancellationError` or `APIError`.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
