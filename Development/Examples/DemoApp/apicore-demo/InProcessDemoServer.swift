import APICoreGraphQL
import DemoApp
import DemoServerKit
import DevelopmentSupport

/// The in-process demo server, as the demo steps that need one control it.
final class InProcessDemoServer: DemoServerControl {
    let server: RunningDemoServer
    private let isStopped = Lock(false)

    init(_ server: RunningDemoServer) {
        self.server = server
    }

    func waitForPriceListener(productID: String) async {
        await server.store.waitForPriceListener(productID: productID)
    }

    func setGraphQLFailing(_ failing: Bool) {
        server.setGraphQLFailing(failing)
    }

    func hold(operationName: String) {
        server.hold(operationName: operationName)
    }

    func release(operationName: String) {
        server.release(operationName: operationName)
    }

    /// Stops the server the first time it is called.
    func stop() async throws {
        let wasStopped = isStopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        if !wasStopped { try await server.stop() }
    }
}
