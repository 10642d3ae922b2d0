import APICoreGraphQL
import APICoreJSON
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One size-limited request's response as it arrives, and the caller waiting for it.
///
/// A completion handler only sees the body once all of it has arrived, however large; this handler sees it chunk by
/// chunk, and also sees a `Content-Length` over the limit before the first byte of the body.
final class BoundedBodyCollector: URLSessionTaskHandler {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var head: HTTPResponse?
        var body = Data()
        /// Why the collector stopped the request, when it did.
        var failure: APIError?
    }

    private let limit: Int
    private let state: Lock<State>

    init(limit: Int, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.limit = limit
        state = Lock(State(continuation: continuation))
    }

    /// Takes the response head; `false` when the request should stop (not HTTP, or a declared length over the limit).
    func receive(_ response: URLResponse) -> Bool {
        state.withLock { state in
            do throws(APIError) {
                let head = try URLSessionTransport.head(of: response)
                state.head = head
                if response.expectedContentLength > Int64(limit) {
                    state.failure = .responseTooLarge(limit: limit, statusCode: head.statusCode)
                    return false
                }
                return true
            } catch {
                state.failure = error
                return false
            }
        }
    }

    /// Appends a chunk of the body; `false` (and the body dropped) once the body passes the limit.
    func receive(_ data: Data) -> Bool {
        state.withLock { state in
            guard state.failure == nil else { return false }
            guard state.body.count + data.count <= limit else {
                state.failure = .responseTooLarge(limit: limit, statusCode: state.head?.statusCode)
                state.body = Data()
                return false
            }
            state.body.append(data)
            return true
        }
    }

    /// Resumes the caller with the response, the collector's own failure, or the transport's error.
    func complete(error: (any Error)?) {
        let (continuation, result) = state.withLock {
            state -> (CheckedContinuation<HTTPResponse, any Error>?, Result<HTTPResponse, any Error>) in
            defer { state.continuation = nil }
            if let failure = state.failure { return (state.continuation, .failure(failure)) }
            if let error { return (state.continuation, .failure(error)) }
            guard var response = state.head else {
                return (state.continuation, .failure(URLError(.badServerResponse)))
            }
            response.body = state.body
            state.body = Data()
            return (state.continuation, .success(response))
        }
        continuation?.resume(with: result)
    }
}

extension APIError {
    /// A response whose body passed `limit` bytes (shared with the `APICoreNIO` package's transport).
    @_spi(Transport) public static func responseTooLarge(
        limit: Int, statusCode: Int?, operationName: String? = nil
    ) -> APIError {
        APIError(
            .responseTooLarge, operationName: operationName, statusCode: statusCode,
            reason: "the response body is larger than the limit of \(limit) bytes")
    }
}
