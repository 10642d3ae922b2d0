import APICoreKit
import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The `HTTPClient` behind an ``AsyncHTTPClientTransport`` and who shuts it down.
///
/// A client the transport makes is created on first use, on an event loop group of its own, and shut down with
/// that group by ``shutdown()`` or, failing that, when the last transport holding this owner goes away. A client
/// passed in is only borrowed.
final class AsyncHTTPClientOwner: Sendable {
    private enum State {
        case idle
        case running(HTTPClient, MultiThreadedEventLoopGroup)
        case borrowed(HTTPClient)
        case shutDown
    }

    private let configuration: HTTPClient.Configuration
    private let eventLoopThreads: Int
    private let state: NIOLockedValueBox<State>

    init(configuration: HTTPClient.Configuration, eventLoopThreads: Int) {
        self.configuration = configuration
        self.eventLoopThreads = eventLoopThreads
        state = NIOLockedValueBox(.idle)
    }

    init(borrowing client: HTTPClient) {
        configuration = HTTPClient.Configuration()
        eventLoopThreads = 0
        state = NIOLockedValueBox(.borrowed(client))
    }

    deinit {
        // Nothing can call the client any more: shut it down in the background. The callback holds the client
        // and the group until both are down (AsyncHTTPClient traps if a client is released while shutting down).
        guard case .running(let client, let group) = state.withLockedValue({ $0 }) else { return }
        client.shutdown(queue: .global()) { _ in
            group.shutdownGracefully(queue: .global()) { _ in _ = client }
        }
    }

    /// The client, created with its event loop group on first use; after ``shutdown()`` it throws
    /// `HTTPClientError.alreadyShutdown`, which the transport reports as a failed connection.
    func client() throws -> HTTPClient {
        try state.withLockedValue { state in
            switch state {
            case .running(let client, _), .borrowed(let client):
                return client
            case .idle:
                let group = MultiThreadedEventLoopGroup(numberOfThreads: eventLoopThreads)
                let client = HTTPClient(
                    eventLoopGroup: group, configuration: AsyncHTTPClientTransport.withoutNoOpTracer(configuration))
                state = .running(client, group)
                return client
            case .shutDown:
                throw HTTPClientError.alreadyShutdown
            }
        }
    }

    /// The event loop group of a client this owner made and has not shut down.
    var eventLoopGroup: (any EventLoopGroup)? {
        state.withLockedValue { state in
            guard case .running(_, let group) = state else { return nil }
            return group
        }
    }

    /// Shuts down a client this owner made, then its event loop group; returns once both are down.
    func shutdown() async throws {
        let running: (HTTPClient, MultiThreadedEventLoopGroup)? = state.withLockedValue { state in
            defer { if case .borrowed = state {} else { state = .shutDown } }
            guard case .running(let client, let group) = state else { return nil }
            return (client, group)
        }
        guard let (client, group) = running else { return }
        try await client.shutdown()
        try await group.shutdownGracefully()
    }
}
