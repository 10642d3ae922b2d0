import APICoreCommands
import APICoreNIO

// `apicore` with AsyncHTTPClient for HTTP and swift-websocket for subscriptions.
await APICoreCommand.runMain(
    transports: CommandTransports(
        http: { AsyncHTTPClientTransport(requestTimeout: $0) }, webSocket: NIOWebSocketConnector()))
