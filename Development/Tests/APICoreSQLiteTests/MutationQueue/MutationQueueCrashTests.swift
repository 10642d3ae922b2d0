import APICoreGraphQL
import APICoreSQLite
import APICoreScalars
import APICoreTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct MutationQueueCrashTests {
    /// A child app enqueues mutations while its queue replays them to a server that applies each idempotency key
    /// once. It is killed with SIGKILL 20 times: ten times while it enqueues, ten times while it replays, each of those
    /// with a mutation the server applied but whose answer it held, so that the next run sends it again. A last run
    /// drains the queue. Then every mutation whose enqueue returned was applied exactly once, all in the order they
    /// were enqueued, and no key ever came with two different bodies.
    @Test func aKilledAppLosesReordersAndDuplicatesNothing() async throws {
        let server = try await MutationLedgerServer(answerDelay: .milliseconds(10))
        let directory = try TemporaryDirectory()
        let file = directory.file("queue.sqlite")
        var acknowledged: [String] = []
        var problems: [String] = []

        for run in 0..<20 {
            // While replaying, one of this run's mutations (a different one each run) is applied and not answered.
            if !run.isMultiple(of: 2) { server.holdAnswer(toTitle: "\(run)-\((run / 2) % 4)") }
            let app = try launch(file: file, server: server, run: run, count: 12)
            var lines = app.lines().makeAsyncIterator()
            if run.isMultiple(of: 2) {
                // While enqueueing: after a different number of acknowledgements each run.
                let kill = 1 + (run * 5) % 11
                var seen = 0
                while seen < kill, let line = await lines.next() {
                    if let key = acknowledgement(line, run: run) {
                        acknowledged.append(key)
                        seen += 1
                    }
                }
            } else {
                // While replaying: every enqueue has returned, and the server has applied the held mutation: the
                // kill leaves a mutation the server applied in the queue, whatever the speed of either process.
                while let line = await lines.next(), line != "enqueued" {
                    if let key = acknowledgement(line, run: run) { acknowledged.append(key) }
                }
                await server.waitUntilHeld()
            }
            app.kill()
            while let line = await lines.next() {
                if let key = acknowledgement(line, run: run) { acknowledged.append(key) }
            }
            if !app.diedOfSignal {
                problems.append("run \(run) did not die of its signal: \(await app.errorTail.text())")
            }
        }

        // The last run enqueues nothing and replays what is left.
        let drain = try launch(file: file, server: server, run: 20, count: 0)
        let idle = await drain.firstLine(startingWith: "idle", timeout: .seconds(120))
        if idle != .found("") { problems.append("the queue did not drain: \(await drain.errorTail.text())") }
        drain.kill()
        #expect(problems == [])

        // Each acknowledged mutation applied once; the applied ones in enqueue order (run, then index).
        let applied = server.appliedKeys
        #expect(Set(applied).count == applied.count)
        #expect(Set(acknowledged).subtracting(applied).isEmpty, "acknowledged but never applied")
        let order = server.appliedVariables.map { variables -> [Int] in
            (variables["title"]?.stringValue ?? "").split(separator: "-").compactMap { Int($0) }
        }
        #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(applied.count >= acknowledged.count)
        // A replay carries the body of the first attempt, byte for byte.
        var bodies: [String: Set<String>] = [:]
        for entry in server.entries { bodies[entry.idempotencyKey ?? "", default: []].insert(entry.body) }
        #expect(bodies.values.allSatisfy { $0.count == 1 })
        #expect(bodies[""] == nil, "a request without an idempotency key")
        // Replays happened: each kill while replaying left an applied mutation in the queue, sent again later.
        #expect(server.entries.count >= applied.count + 10)
        try await server.shutdown()
    }

    private func launch(file: URL, server: MutationLedgerServer, run: Int, count: Int) throws -> ChildProcess {
        try ChildProcess(
            executable: BuildProducts.executable(
                named: "APICoreMutationQueueCrashApp", environmentOverride: "APICORE_MUTATION_QUEUE_CRASH_APP"),
            arguments: [file.path, server.endpoint.absoluteString, String(run), String(count)])
    }

    /// The key of an `ack RUN INDEX KEY` line of this run.
    private func acknowledgement(_ line: String, run: Int) -> String? {
        let parts = line.split(separator: " ")
        guard parts.count == 4, parts[0] == "ack", parts[1] == "\(run)" else { return nil }
        return String(parts[3])
    }
}
