import DemoApp
import DemoServerKit
import Foundation

// apicore-demo: runs the demo against an in-process demo server (or the server given with --endpoint) in a fresh
// temporary data folder, and exits 0 when every step showed what it should.

/// Writes a line to standard output at once, not through `print`'s buffer: through a pipe (`| tee`, a test reading the
/// output) each step shows as it happens, and a demo stopped midway shows how far it got.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("apicore-demo: \(message)\n".utf8))
    exit(1)
}

let command: DemoCommand
do {
    command = try DemoCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error) (see --help)")
}
if command == .help {
    say(DemoCommand.usage)
    exit(0)
}

let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-demo-\(UUID().uuidString)")
var inProcessServer: InProcessDemoServer?
var outcome: Result<DemoSummary, any Error>
do {
    let endpoint: URL
    if case .runAgainst(let url) = command {
        endpoint = url
    } else {
        let running = try await DemoServer.start(port: 0)
        inProcessServer = InProcessDemoServer(running)
        endpoint = URL(string: running.graphQLURL)!
    }
    guard let configuration = AppConfiguration(graphQLEndpoint: endpoint, dataDirectory: dataDirectory) else {
        throw DemoError("'\(endpoint)' is not an http or https URL")
    }
    say("APICoreKit demo against \(inProcessServer == nil ? endpoint.absoluteString : "an in-process demo server")")
    let runner = DemoRunner(configuration: configuration, server: inProcessServer) { say($0) }
    outcome = .success(try await runner.run())
} catch {
    outcome = .failure(error)
}
try? await inProcessServer?.stop()
try? FileManager.default.removeItem(at: dataDirectory)

switch outcome {
case .success(let summary) where summary.problems.isEmpty:
    say("")
    say("The demo finished: every step showed what it should.")
    exit(0)
case .success(let summary):
    fail("the demo finished with problems:\n" + summary.problems.map { "  - \($0)" }.joined(separator: "\n"))
case .failure(let error):
    fail("the demo stopped: \(error)")
}
