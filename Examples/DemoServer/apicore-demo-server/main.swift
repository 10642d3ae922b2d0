import DemoServerKit
import Foundation

// Runs the demo backend until interrupted: `apicore-demo-server [PORT]` (0, the default, picks a free port).
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 0
let server = try await DemoServer.start(port: port)
let banner =
    "apicore-demo-server: GraphQL \(server.graphQLURL), WebSocket \(server.webSocketURL), REST \(server.restBaseURL)"
FileHandle.standardOutput.write(Data((banner + "\n").utf8))
while !Task.isCancelled {
    try await Task.sleep(for: .seconds(3600))
}
