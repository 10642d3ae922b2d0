import APICoreTestSupport
import Testing

extension FaultServer: StoppableServer {}

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
