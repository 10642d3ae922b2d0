import APICoreTestSupport
import Foundation
import Testing

@Suite("The apicore-demo executable")
struct DemoExecutableTests {
    static let executable = BuildProducts.executable(named: "apicore-demo", environmentOverride: "APICORE_DEMO_PATH")

    @Test("Without arguments it runs every step against an in-process server and exits 0", .timeLimit(.minutes(10)))
    func endToEnd() async throws {
        let result = try await ChildProcess.run([Self.executable.path])
        #expect(result.status == 0, "output:\n\(result.text)\n\(result.error)")
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for step in 1...10 {
            #expect(lines.contains { $0.hasPrefix("== \(step).") }, "step \(step) has no heading")
        }
        #expect(lines.contains("The demo finished: every step showed what it should."))
    }

    @Test("--help prints the usage and exits 0", .timeLimit(.minutes(10)))
    func help() async throws {
        let result = try await ChildProcess.run([Self.executable.path, "--help"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("USAGE: apicore-demo"))
    }

    @Test("An unknown argument exits 1", .timeLimit(.minutes(10)))
    func unknownArgument() async throws {
        let result = try await ChildProcess.run([Self.executable.path, "--verbose"])
        #expect(result.status == 1)
        #expect(result.text.isEmpty)
    }
}
