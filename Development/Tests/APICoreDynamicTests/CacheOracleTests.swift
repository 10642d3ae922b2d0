import APICoreCache
import APICoreCompiler
import APICoreDynamic
import APICoreGraphQL
import APICoreJSON
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// The normalized cache against an oracle: random valid queries over a schema, generated from a seed, run against an
/// independent server (graphql-core, `oracle_app.py`) that answers every query from a seeded object graph. For each
/// query the network answer, normalized and read back with `cacheOnly`, must equal what the server sent; after the
/// whole sequence (whose queries meet the same objects again and again, through other fields, aliases, arguments and
/// fragments), every query's cached answer must still equal the server's, and every watcher of an earlier query must
/// hold that same value. A mismatch records the seed, the query and both answers.
///
/// `APICORE_ORACLE_OPERATIONS` sets the number of queries per schema (150 in a normal run; `scripts/cache-oracle.sh`
/// runs 5,000 on each), `APICORE_ORACLE_SEED` the seed.
@Suite("The cache against an oracle server", .serialized, .timeLimit(.minutes(60)))
struct CacheOracleTests {
    static let environment = ProcessInfo.processInfo.environment
    static let operations = environment["APICORE_ORACLE_OPERATIONS"].flatMap { Int($0) } ?? 150
    static let seed = environment["APICORE_ORACLE_SEED"].flatMap { UInt64($0) } ?? 20_261_129

    /// Every how many queries a watcher is started.
    static let watcherInterval = 10

    @Test("the demo's schema: every cached answer equals the server's")
    func demoSchema() async throws {
        let schema = RepositoryLayout.root.appendingPathComponent("Development/Examples/Schema/app.graphqls")
        let report = try await Self.run(schema: schema, seed: Self.seed, operations: Self.operations, depth: 4)
        #expect(report.mismatches.isEmpty, "\(report.mismatches.prefix(3).joined(separator: "\n\n"))")
        #expect(report.compared == Self.operations)
    }

    @Test("GitHub's schema: every cached answer equals the server's")
    func gitHubSchema() async throws {
        let schema = CorpusFiles.url("github/schema.graphqls")
        let report = try await Self.run(schema: schema, seed: Self.seed &+ 1, operations: Self.operations, depth: 3)
        #expect(report.mismatches.isEmpty, "\(report.mismatches.prefix(3).joined(separator: "\n\n"))")
        #expect(report.compared == Self.operations)
    }

    /// What a run found: how many queries were compared, and a description of each mismatch.
    struct Report {
        var compared = 0
        var mismatches: [String] = []
    }

    /// The last value a watcher delivered, and a wait for the one expected.
    actor Latest {
        var value: JSONObject?
        var failure: String?
        private var waiter: (expected: JSONObject, continuation: CheckedContinuation<Void, Never>)?

        func set(_ value: JSONObject) {
            self.value = value
            resumeIfSettled()
        }

        func fail(_ description: String) {
            failure = description
            resumeIfSettled()
        }

        /// Returns once the watcher holds `expected` or has failed, or the waiting task is cancelled.
        func settle(on expected: JSONObject) async {
            guard value != expected, failure == nil else { return }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled { continuation.resume() } else { waiter = (expected, continuation) }
                }
            } onCancel: {
                Task { await self.stopWaiting() }
            }
        }

        private func resumeIfSettled() {
            guard let waiter, value == waiter.expected || failure != nil else { return }
            self.waiter = nil
            waiter.continuation.resume()
        }

        private func stopWaiting() {
            waiter?.continuation.resume()
            waiter = nil
        }
    }

    /// JSON as text, anything else as it describes itself.
    static func text(_ value: Any) -> String {
        if let object = value as? JSONObject { return JSONWriter().string(.object(object)) }
        return "\(value)"
    }

    /// Where two JSON values first differ, as a path and both values there; `nil` when they are equal.
    static func difference(_ expected: JSONValue, _ got: JSONValue, at path: String) -> String? {
        switch (expected, got) {
        case (.object(let left), .object(let right)):
            for key in Set(left.keys).union(right.keys).sorted() {
                guard let leftValue = left[key] else { return "\(path).\(key): absent on the server, in the client" }
                guard let rightValue = right[key] else { return "\(path).\(key): on the server, absent in the client" }
                if let found = difference(leftValue, rightValue, at: "\(path).\(key)") { return found }
            }
            return nil
        case (.array(let left), .array(let right)) where left.count == right.count:
            for (index, pair) in zip(left, right).enumerated() {
                if let found = difference(pair.0, pair.1, at: "\(path).\(index)") { return found }
            }
            return nil
        default:
            return expected == got
                ? nil : "\(path): server \(JSONWriter().string(expected)), client \(JSONWriter().string(got))"
        }
    }

    static func run(schema file: URL, seed: UInt64, operations: Int, depth: Int) async throws -> Report {
        let server = try await OracleServer.start(schema: file, seed: seed)
        do {
            let report = try await compare(
                schema: file, server: server, seed: seed, operations: operations, depth: depth)
            await server.stop()
            return report
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func compare(
        schema file: URL, server: OracleServer, seed: UInt64, operations: Int, depth: Int
    ) async throws -> Report {
        // Seconds of parsing and validating a large schema: on a thread of its own, not one of the cooperative pool's
        // two, where it would hold every other test's calls (in-memory ones ran out of their 60 s on a busy CI run).
        let runtime = try await onDedicatedThread { try GraphQLRuntimeSchema(contentsOf: [file.path]) }
        let store = CacheStore(
            cache: InMemoryNormalizedCache(), keyResolver: CacheKeyResolver(typePolicies: runtime.typePolicies))
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: server.endpoint, transport: TestTransport.platform.make(), cache: store,
                schema: runtime))
        var generator = RandomOperationGenerator(schema: runtime.schema, seed: seed, maximumDepth: depth)
        var report = Report()
        var history: [(operation: RandomOperation, served: JSONObject)] = []
        var watchers: [(index: Int, latest: Latest, task: Task<Void, Never>)] = []
        defer { for watcher in watchers { watcher.task.cancel() } }

        func mismatch(_ what: String, _ index: Int, _ operation: RandomOperation, _ expected: Any, _ got: Any) {
            var difference = ""
            if let expected = expected as? JSONObject, let got = got as? JSONObject {
                difference =
                    "\nfirst difference: " + (Self.difference(.object(expected), .object(got), at: "") ?? "none")
            }
            report.mismatches.append(
                "seed \(seed), query \(index): \(what)\(difference)\n\(operation)\nserver: "
                    + "\(Self.text(expected))\nclient: \(Self.text(got))")
        }

        /// Runs `operation` through the client under `policy` and records a mismatch unless it answers `expected`;
        /// `false` when it failed.
        @discardableResult
        func check(
            _ what: String, _ index: Int, _ operation: RandomOperation, _ expected: JSONObject, policy: CachePolicy
        ) async -> Bool {
            do {
                let answer = try await client.execute(
                    document: operation.document, operationName: operation.name, variables: operation.variables,
                    options: RequestOptions(cachePolicy: policy))
                if answer.value != expected { mismatch(what, index, operation, expected, answer.value) }
                return true
            } catch {
                mismatch(what, index, operation, expected, error)
                return false
            }
        }

        for index in 0..<operations {
            // Each query's generation, compilation and comparison run without a suspension: a turn for the pool's
            // other tests between queries.
            await Task.yield()
            let operation = generator.next(name: "Q\(index)")
            let compiled: GraphQLCompiledOperation
            do {
                compiled = try client.compile(document: operation.document, operationName: operation.name)
            } catch {
                mismatch("the generated query does not compile", index, operation, "", error)
                break
            }
            // The server's answer to the document the client sends (`__typename` added on every object).
            let served = try await server.answer(
                document: compiled.document, variables: operation.variables, operationName: compiled.sentOperationName)
            guard served["errors"] == nil, case .object(let data)? = served["data"] else {
                mismatch("the server refused the query", index, operation, served, "")
                break
            }
            guard await check("the network answer", index, operation, data, policy: .networkOnly) else { break }
            await check("read back at once", index, operation, data, policy: .cacheOnly)
            history.append((operation, data))
            report.compared += 1
            if index.isMultiple(of: watcherInterval) {
                let latest = Latest()
                let watch = client.watch(
                    document: operation.document, operationName: operation.name, variables: operation.variables,
                    cachePolicy: .cacheOnly)
                let task = Task {
                    for await element in watch {
                        switch element {
                        case .success(let response): await latest.set(response.value)
                        case .failure(let error): await latest.fail("\(error)")
                        }
                    }
                }
                watchers.append((index, latest, task))
            }
            if report.mismatches.count >= 3 { break }
        }

        // After the whole sequence: each query's cached answer equals what the server answers now.
        for (index, entry) in history.enumerated() {
            let now = try await server.answer(
                document: try client.compile(document: entry.operation.document, operationName: entry.operation.name)
                    .document, variables: entry.operation.variables, operationName: entry.operation.name)
            guard now["errors"] == nil, case .object(let expected)? = now["data"] else {
                mismatch("the server refused the query after the sequence", index, entry.operation, now, "")
                continue
            }
            await check("read back after the sequence", index, entry.operation, expected, policy: .cacheOnly)
        }
        // Each watcher holds its query's answer: the cache delivered it, and no later write left it different.
        for watcher in watchers {
            let expected = history[watcher.index].served
            let settled = await completes(within: .seconds(60)) { await watcher.latest.settle(on: expected) }
            let failure = await watcher.latest.failure
            let value = await watcher.latest.value
            if !settled || failure != nil {
                let got = failure ?? value.map { "\($0)" } ?? "nothing"
                mismatch("the watcher's last value", watcher.index, history[watcher.index].operation, expected, got)
            }
        }
        return report
    }
}
