import APICoreGraphQL
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of one streamed data task: hands over the response head once, then each chunk of the body as
/// `URLSession` receives it.
///
/// Each streamed request gets its own session with this delegate (the only way to receive a body in chunks that
/// works with swift-corelibs-foundation too); the session is invalidated when the task completes, which releases
/// the delegate.
// Safety: the only mutable state is `head`, behind a mutex; the continuation of `body` is thread-safe.
final class StreamingTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private enum Head {
        case waiting(CheckedContinuation<HTTPResponse, any Error>?)
        case delivered
    }

    private let head = Lock(Head.waiting(nil))
    /// The body's chunks.
    let body: AsyncThrowingStream<Data, any Error>
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation

    /// A delegate whose body, when its consumer goes away before the end, calls `onCancel`.
    init(onCancel: @escaping @Sendable () -> Void) {
        (body, chunks) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Error).self)
        chunks.onTermination = { termination in
            if case .cancelled = termination { onCancel() }
        }
    }

    /// Calls `start`, then waits for the response head.
    func responseHead(start: () -> Void) async throws -> HTTPResponse {
        try await withCheckedThrowingContinuation { continuation in
            head.withLock { $0 = .waiting(continuation) }
            start()
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        do {
            deliverHead(.success(try URLSessionTransport.head(of: response)))
            completionHandler(.allow)
        } catch {
            deliverHead(.failure(error))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        chunks.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        deliverHead(.failure(error ?? URLError(.badServerResponse)))
        if let error {
            chunks.finish(throwing: error)
        } else {
            chunks.finish()
        }
        session.finishTasksAndInvalidate()
    }

    /// Resumes the waiting caller, the first time only.
    private func deliverHead(_ result: Result<HTTPResponse, any Error>) {
        let waiting = head.withLock { head -> CheckedContinuation<HTTPResponse, any Error>? in
            guard case .waiting(let continuation?) = head else { return nil }
            head = .delivered
            return continuation
        }
        waiting?.resume(with: result)
    }
}
