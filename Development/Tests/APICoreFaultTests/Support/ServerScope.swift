import Testing

/// A loopback server a test starts and must stop before it ends.
protocol StoppableServer: Sendable {
    /// Stops listening and closes every connection.
    func stop() async throws
}

extension FaultServer: StoppableServer {}

extension WebSocketFaultServer: StoppableServer {}

/// Runs `body` with `server`, then stops the server and waits until it has stopped, whether `body` returned or threw,
/// so that no test ends (and no other starts) while its server is still shutting down.
///
/// A stop that fails after `body` returned fails the call. After `body` threw, its error is the one rethrown, and a
/// stop that fails as well is recorded as an issue rather than lost.
func withStopping<Server: StoppableServer, Value>(
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

extension FaultServer {
    /// Starts a server that answers its requests with `script`, in order (the last fault repeats), runs `body` with
    /// it, then stops it, whether `body` returned or threw (see ``withStopping(_:sourceLocation:_:)``).
    static func with<Value>(
        _ script: [Fault],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (FaultServer) async throws -> Value
    ) async throws -> Value {
        let server = try await FaultServer(script)
        return try await withStopping(server, sourceLocation: sourceLocation, body)
    }

    /// Starts a server that answers every request with `fault`, runs `body` with it, then stops it, whether `body`
    /// returned or threw.
    static func with<Value>(
        _ fault: Fault,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (FaultServer) async throws -> Value
    ) async throws -> Value {
        try await with([fault], sourceLocation: sourceLocation, body)
    }
}
