import APICoreGraphQL
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a session that ``URLSessionTransport`` made itself: collects each size-limited request's body and
/// cancels the request as soon as the body is larger than its limit.
///
/// A completion handler only sees the body once all of it has arrived, however large; a delegate sees it chunk by
/// chunk, and also sees a `Content-Length` over the limit before the first byte of the body.
// Safety: `collectors` is behind a mutex, and each collector keeps its own state behind its own mutex.
final class BoundedDataRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let collectors = Lock<[Int: BoundedBodyCollector]>([:])

    /// Sends `request` in `session` (whose delegate is this router) and returns the whole response, failing with
    /// ``APIError/Code/responseTooLarge`` once the body passes `limit` bytes.
    func send(_ request: URLRequest, in session: URLSession, limit: Int) async throws -> HTTPResponse {
        let state = DataTaskState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                let collector = BoundedBodyCollector(limit: limit, continuation: continuation)
                collectors.withLock { $0[task.taskIdentifier] = collector }
                if state.start(task) { task.resume() }
            }
        } onCancel: {
            state.cancel()
        }
    }

    private func collector(of task: URLSessionTask) -> BoundedBodyCollector? {
        collectors.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = collector(of: dataTask)?.receive(response) ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if collector(of: dataTask)?.receive(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let collector = collectors.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        collector?.complete(error: error)
    }
}

/// One size-limited request's response as it arrives, and the caller waiting for it.
final class BoundedBodyCollector: Sendable {
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
    /// A response whose body passed `limit` bytes.
    static func responseTooLarge(limit: Int, statusCode: Int?, operationName: String? = nil) -> APIError {
        APIError(
            .responseTooLarge, operationName: operationName, statusCode: statusCode,
            reason: "the response body is larger than the limit of \(limit) bytes")
    }
}
