import DemoApp
import Foundation
import Testing

@Suite("apicore-demo's arguments")
struct DemoCommandTests {
    @Test("No argument runs against an in-process server")
    func noArguments() throws {
        #expect(try DemoCommand.parse([]) == .runInProcess)
    }

    @Test("--endpoint takes a URL, as a separate argument or after =")
    func endpoint() throws {
        let url = URL(string: "http://localhost:8080/graphql")!
        #expect(try DemoCommand.parse(["--endpoint", url.absoluteString]) == .runAgainst(url))
        #expect(try DemoCommand.parse(["--endpoint=\(url.absoluteString)"]) == .runAgainst(url))
    }

    @Test("--help and -h ask for the usage")
    func help() throws {
        #expect(try DemoCommand.parse(["--help"]) == .help)
        #expect(try DemoCommand.parse(["-h"]) == .help)
    }

    @Test(
        "Unusable arguments are refused", arguments: [["--endpoint"], ["--endpoint", "ftp://host/x"], ["--verbose"]])
    func refused(arguments: [String]) {
        #expect(throws: DemoCommandError.self) { try DemoCommand.parse(arguments) }
    }

    @Test("The endpoint derives REST on the same origin under /rest and subscriptions over ws or wss")
    func derivedEndpoints() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        let plain = try #require(
            AppConfiguration(graphQLEndpoint: URL(string: "http://127.0.0.1:4000/graphql")!, dataDirectory: directory))
        #expect(plain.restBaseURL.absoluteString == "http://127.0.0.1:4000/rest")
        #expect(plain.webSocketURL.absoluteString == "ws://127.0.0.1:4000/graphql")
        let secure = try #require(
            AppConfiguration(
                graphQLEndpoint: URL(string: "https://api.example.com/v1/graphql")!, dataDirectory: directory))
        #expect(secure.restBaseURL.absoluteString == "https://api.example.com/rest")
        #expect(secure.webSocketURL.absoluteString == "wss://api.example.com/v1/graphql")
    }
}
