import APICoreTestSupport
import Foundation
import Testing

/// `apicore query` against a server that stalls mid-body: it ends at `--timeout` with the network failure status,
/// and the wait itself costs almost no CPU (swift-corelibs-foundation's `URLSession` spent a core for the whole
/// stall; the AsyncHTTPClient transport waits on its event loop).
@Suite("apicore query on a stalled body", .timeLimit(.minutes(10)))
struct QueryStallTests {
    @Test("a body that stalls for 4 s exits 5 at --timeout, its extra CPU a small share of the stalled run's length")
    func stalledBody() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = try fixture.file("query.graphql", #"{ user(id: "1") { id name } }"#)

        let quick = try await Self.timedQuery(fixture, path: "/graphql", document: document)
        #expect(quick.status == 0, "\(quick.error)")
        let stalled = try await Self.timedQuery(fixture, path: "/stalled/graphql", document: document)
        #expect(stalled.status == 5, "\(stalled.error)")
        #expect(stalled.error.contains("timed out") || stalled.error.contains("timeout"), "\(stalled.error)")

        // The quick run is the baseline: starting the process and sending costs the same in both runs.
        let extra = stalled.cpuSeconds - quick.cpuSeconds
        // A quarter: polling gets more of a core than that for the 4 s stall even when shared; waiting adds next to none.
        #expect(
            extra < stalled.wallSeconds / 4,
            "CPU: the stalled run \(stalled.cpuSeconds) s in \(stalled.wallSeconds) s, the quick \(quick.cpuSeconds) s")
    }

    /// How a run of `apicore query --timeout 4` ended, the CPU time (user and system) it used, as bash's `times`
    /// reports it for the shell's children, and how long it took.
    struct TimedRun {
        let status: Int32
        let error: String
        let cpuSeconds: Double
        let wallSeconds: Double
    }

    static func timedQuery(_ fixture: QueryFixture, path: String, document: String) async throws -> TimedRun {
        let started = ContinuousClock.now
        let script = #""$@" > /dev/null; status=$?; times; exit $status"#
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [
                "-c", script, "bash", APICoreExecutable.url.path, "query", "--endpoint", fixture.endpoint(path),
                "--document", document, "--header", "X-Test-Key: \(fixture.key)", "--timeout", "4",
            ])
        let wallSeconds: Double = (ContinuousClock.now - started) / .seconds(1)
        // `times` prints the shell's own user and system time, then its children's: `0m0.120s 0m0.031s`.
        let children = try #require(result.text.split(separator: "\n").last)
        let seconds = try children.split(separator: " ").map { field in
            let parts = field.dropLast().split(separator: "m")
            guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else {
                throw CPUTimeFormatError(line: String(children))
            }
            return minutes * 60 + seconds
        }
        return TimedRun(
            status: result.status, error: result.error, cpuSeconds: seconds.reduce(0, +), wallSeconds: wallSeconds)
    }

    struct CPUTimeFormatError: Error {
        let line: String
    }
}
