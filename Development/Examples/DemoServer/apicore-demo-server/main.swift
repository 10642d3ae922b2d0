import DemoServerKit
import Foundation

// Runs the demo backend until interrupted: `apicore-demo-server [PORT] [--safelist MANIFEST [--safelist-only]]`.
// PORT 0, the default, picks a free port. MANIFEST is a persisted-query manifest (`apicore generate` writes one with
// `output.operationManifest`) whose ids the server runs; `--safelist-only` refuses documents that are not in it.
var arguments = Array(CommandLine.arguments.dropFirst())
var manifest: URL?
if let flag = arguments.firstIndex(of: "--safelist"), flag + 1 < arguments.count {
    manifest = URL(fileURLWithPath: arguments[flag + 1])
    arguments.removeSubrange(flag...(flag + 1))
}
let safelistOnly = arguments.contains("--safelist-only")
arguments.removeAll { $0 == "--safelist-only" }
let port = arguments.first.flatMap { Int($0) } ?? 0
let server: RunningDemoServer
do {
    server = try await DemoServer.start(
        port: port, safelistManifest: manifest, refusesUnlistedDocuments: safelistOnly)
} catch {
    FileHandle.standardError.write(Data("apicore-demo-server: error: \(error)\n".utf8))
    exit(2)
}
let banner =
    "apicore-demo-server: GraphQL \(server.graphQLURL), WebSocket \(server.webSocketURL), REST \(server.restBaseURL)"
FileHandle.standardOutput.write(Data((banner + "\n").utf8))
while !Task.isCancelled {
    try await Task.sleep(for: .seconds(3600))
}
