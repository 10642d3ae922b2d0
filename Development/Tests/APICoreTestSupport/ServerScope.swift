import Testing

/// A loopback server a test starts and must stop before it ends.
public protocol StoppableServer: Sendable {
    /// Stops listening and closes every connection.
    func stop() async throws
}

/// Runs `body` with `server`, then stops the server and waits until it has stopped, whether `body` returned or threw,
/// so that no test ends (and no other starts) while its server is still shutting down.
///
/// A stop that fails after `body` returned fails the call. After `body` threw, its error is the one rethrown, and a
/// stop that fails as well is recorded as an issue rather than lost.
public func withStopping<Server: StoppableServer, Value>(
    _ server: Server,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (Server) async throws -> Value
) async throws -> Value {
    let value: Value
    do {
        value = try await body(server)
    } catch {
        do {
            try await server.stop()
        } catch let stopError {
            Issue.record(stopError, "the server did not stop", sourceLocation: sourceLocation)
        }
        throw error
    }
    try await server.stop()
    return value
}

extension HostileWebSocketServer: StoppableServer {}
