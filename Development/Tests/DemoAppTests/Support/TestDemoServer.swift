import DemoApp
import DemoServerKit
import Foundation
import Logging

@testable import APICoreJSON

/// A demo server started for one test, with the control the demo runner uses, a fresh data folder and a quiet
/// logger.
final class TestDemoServer: DemoServerControl {
    let server: RunningDemoServer
    let dataDirectory: URL
    private let isStopped = Lock(false)

    private init(server: RunningDemoServer) {
        self.server = server
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "DemoAppTests-\(UUID().uuidString)")
    }

    /// Starts a server on a free port.
    static func start() async throws -> TestDemoServer {
        TestDemoServer(server: try await DemoServer.start(port: 0))
    }

    /// A configuration for this server and data folder.
    func configuration() throws -> AppConfiguration {
        var logger = Logger(label: "DemoAppTests")
        logger.logLevel = .critical
        guard
            let configuration = AppConfiguration(
                graphQLEndpoint: URL(string: server.graphQLURL)!, dataDirectory: dataDirectory, logger: logger)
        else { throw DemoError("the demo server's URL is not usable") }
        return configuration
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

    func stop() async throws {
        let wasStopped = isStopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        if !wasStopped { try await server.stop() }
    }

    /// Stops the server if it still runs and removes the data folder.
    func tearDown() async {
        try? await stop()
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

/// The lines a demo run wrote.
@MainActor
final class CapturedOutput {
    private(set) var lines: [String] = []

    func write(_ line: String) {
        lines.append(line)
    }

    /// The index of the first line equal to `line`, if any.
    func index(of line: String) -> Int? {
        lines.firstIndex(of: line)
    }

    /// The index of the first line starting with `prefix`, if any.
    func index(startingWith prefix: String) -> Int? {
        lines.firstIndex { $0.hasPrefix(prefix) }
    }
}
