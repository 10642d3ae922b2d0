import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// The two builds of the tool: the library package's `apicore` (URLSession's transports, what an Apple developer
/// runs) and `apicore-nio` (SwiftNIO's, from the `APICoreNIO` package, what the other suites run on Linux).
@Suite("apicore and apicore-nio")
struct ToolBuildsTests {
    @Test("the library's apicore answers a query over URLSession as apicore-nio does over AsyncHTTPClient")
    func sameQueryAnswer() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = try fixture.file("user.graphql", "query UserDetails { user(id: \"2\") { id name } }")
        let arguments = ["query", "--endpoint", fixture.endpoint(), "--document", document]
        let urlSession = try await APICoreExecutable.runURLSessionBuild(arguments)
        let nio = try await APICoreExecutable.run(arguments)
        #expect(urlSession.status == 0, "\(urlSession.error)")
        #expect(urlSession.json == ["data": ["user": ["id": "2", "name": "Grace Hopper"]]])
        #expect(nio.status == 0, "\(nio.error)")
        #expect(nio.json == urlSession.json)
    }

    #if os(Linux) || os(Android)
        @Test("on Linux the library's apicore refuses to subscribe at once and names apicore-nio, which subscribes")
        func subscribeNeedsTheNIOBuild() async throws {
            let fixture = try await QueryFixture.strawberry()
            defer { fixture.removeFiles() }
            let document = try fixture.file("countdown.graphql", "subscription { countdown(from: 1) }")
            let arguments = [
                "subscribe", "--endpoint", "ws://127.0.0.1:\(fixture.server.port)/graphql", "--document", document,
            ]
            let refused = try await APICoreExecutable.runURLSessionBuild(arguments)
            #expect(refused.status == 5)
            #expect(refused.output.isEmpty)
            #expect(refused.error.contains("run apicore-nio, from the APICoreNIO package"), "\(refused.error)")
            #expect(!refused.error.contains("reconnecting"), "\(refused.error)")
            let subscribed = try await APICoreExecutable.run(arguments)
            #expect(subscribed.status == 0, "\(subscribed.error)")
            #expect(subscribed.output == "{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n")
        }
    #endif
}
