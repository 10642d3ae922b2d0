import APICoreKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opens sockets with `URLSessionWebSocketTask`: the connector on Apple platforms.
///
/// Linux compiles it too, but `URLSessionWebSocketTask` fails at run time there; ``PlatformWebSocketConnector``
/// throws there, naming `NIOWebSocketConnector` of the `APICoreNIO` package.
public struct URLSessionWebSocketConnector: GraphQLWebSocketConnector {
    /// The session the sockets are opened with.
    public let session: URLSession

    /// The session the connector made, invalidated when the last copy of the connector goes.
    private let owner: URLSessionOwner?

    /// A connector on `session`, which stays yours, or on a fresh ephemeral session of its own.
    public init(session: URLSession? = nil) {
        owner = session == nil ? URLSessionOwner(configuration: .ephemeral) : nil
        self.session = session ?? owner!.session
    }

    /// Opens a socket to `url` offering `subprotocol` in `Sec-WebSocket-Protocol`, with the given header fields;
    /// returns once a ping was answered, which proves the handshake completed, or throws the session's error.
    public func connect(
        to url: URL, subprotocol: String, headers: HTTPHeaders
    ) async throws -> any GraphQLWebSocketConnection {
        var request = URLRequest(url: url)
        for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
        request.setValue(subprotocol, forHTTPHeaderField: "Sec-WebSocket-Protocol")
        let task = session.webSocketTask(with: request)
        task.resume()
        // A ping is answered only once the handshake is done: the task has no other completion to await.
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                task.sendPing { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
        } onCancel: {
            task.cancel(with: .goingAway, reason: nil)
        }
        let (events, continuation) = AsyncStream.makeStream(of: GraphQLWebSocketEvent.self)
        Task {
            while true {
                do {
                    switch try await task.receive() {
                    case .string(let text): continuation.yield(.text(text))
                    case .data(let data): continuation.yield(.binary(data))
                    @unknown default: continuation.yield(.binary(Data()))
                    }
                } catch {
                    let code = task.closeCode == .invalid ? nil : UInt16(clamping: task.closeCode.rawValue)
                    let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                    continuation.yield(.closed(code: code, reason: reason))
                    continuation.finish()
                    return
                }
            }
        }
        return URLSessionWebSocketConnection(events: events, task: task)
    }
}

/// A socket of ``URLSessionWebSocketConnector``.
// Safety: URLSessionWebSocketTask is thread-safe; the struct only forwards to it.
struct URLSessionWebSocketConnection: GraphQLWebSocketConnection, @unchecked Sendable {
    let events: AsyncStream<GraphQLWebSocketEvent>
    let task: URLSessionWebSocketTask

    func send(_ text: String) async throws {
        try await task.send(.string(text))
    }

    func close(code: UInt16, reason: String) async {
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure
        task.cancel(with: closeCode, reason: Data(reason.utf8))
    }
}
