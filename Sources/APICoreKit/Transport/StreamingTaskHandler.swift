import APICoreGraphQL
import APICoreJSON
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streamed data task: hands over the response head once, then each chunk of the body as `URLSession` receives
/// it (through the session's delegate, the only way to receive a body in chunks that works with
/// swift-corelibs-foundation too).
final class StreamingTaskHandler: URLSessionTaskHandler {
    private enum Head {
        case waiting(CheckedContinuation<HTTPResponse, any Error>?)
        case delivered
    }

    private let head = Lock(Head.waiting(nil))
    /// The body's chunks.
    let body: AsyncThrowingStream<Data, any Error>
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation

    /// A handler whose body, when its consumer goes away before the end, calls `onCancel`.
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

    func receive(_ response: URLResponse) -> Bool {
        do {
            deliverHead(.success(try URLSessionTransport.head(of: response)))
            return true
        } catch {
            deliverHead(.failure(error))
            return false
        }
    }

    func receive(_ data: Data) -> Bool {
        chunks.yield(data)
        return true
    }

    func complete(error: (any Error)?) {
        deliverHead(.failure(error ?? URLError(.badServerResponse)))
        if let error {
            chunks.finish(throwing: error)
        } else {
            chunks.finish()
        }
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
