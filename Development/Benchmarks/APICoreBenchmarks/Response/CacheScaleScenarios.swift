import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreScalars
import Foundation
import GitHubApolloFixture
import StarWarsFixture

/// The normalized cache as a real app loads it: many reads at once from a SQLite file, a pool thread's wake-ups
/// while they run, a write among thousands of watchers, and a read from a large file.
enum CacheScaleScenarios {
    static let all = [
        BenchmarkScenario(
            name: "cache.read_sqlite_concurrent",
            workload: "8 tasks each loading the query from SQLite at once (409 KB response, `CacheStore.load`)",
            baseline: "the same 8 loads one after another", run: readConcurrently),
        BenchmarkScenario(
            name: "cache.pool_stall",
            workload:
                "the 99th percentile of how late a task that sleeps 1 ms at a time wakes while 8 tasks load the query "
                + "from SQLite at once (the row's times are that lateness)",
            baseline: "the same lateness with nothing else running", run: poolStall),
        BenchmarkScenario(
            name: "watch.fanout",
            workload:
                "a write changing one field of one of 10,000 records, each watched by its own watcher "
                + "(in memory, `CharacterName` fragments)",
            baseline: "the same write with 1 watcher", run: fanout),
        BenchmarkScenario(
            name: "cache.read_sqlite_large",
            workload: "the query read from a SQLite file that also holds 200,000 other records (409 KB response)",
            baseline: "the same read from a file holding only the query's records", run: readLarge),
    ]

    /// How many tasks read at once.
    static let readers = 8

    /// A SQLite-backed store holding the GitHub query, in a scratch folder removed by `body`'s caller.
    static func sqliteStore(
        _ response: GitHubResponse, in folder: URL, name: String
    ) throws -> (CacheStore, SQLiteNormalizedCache, IssuesAndCommentsForRepositoryQuery.Data) {
        let cache = try SQLiteNormalizedCache(fileURL: folder.appendingPathComponent(name))
        let store = CacheStore(cache: cache)
        let network = try response.decodeAndNormalize(into: store)
        return (store, cache, network)
    }

    /// `count` loads of the query at once, each checked against what the network gave by the task that made it (as
    /// each screen uses its own result), so that the checks do not queue on one task.
    static func loadTogether(
        _ store: CacheStore, _ query: IssuesAndCommentsForRepositoryQuery, count: Int,
        expected: IssuesAndCommentsForRepositoryQuery.Data
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    guard try await store.load(query) == expected else {
                        throw BenchmarkFailure("a concurrent load differs from the network decode")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Runs `body` with a SQLite-backed store holding the GitHub query, the query and what the network gave for it.
    static func withLoadedStore(
        _ context: BenchmarkContext,
        _ body: (CacheStore, IssuesAndCommentsForRepositoryQuery, IssuesAndCommentsForRepositoryQuery.Data)
            async throws -> BenchmarkResult
    ) async throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.small, paths: context.paths)
        let folder = try BenchmarkPaths.scratchFolder("apicore-bench-sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (store, cache, network) = try sqliteStore(response, in: folder, name: "cache.sqlite")
        defer { try? cache.close() }
        return try await body(store, response.query, network)
    }

    static func readConcurrently(_ context: BenchmarkContext) async throws -> BenchmarkResult {
        try await withLoadedStore(context) { store, query, network in
            let (ours, baseline) = try await Timing.measureAlternating(
                context.timing,
                ours: { try await loadTogether(store, query, count: readers, expected: network) },
                baseline: {
                    for _ in 0..<readers where try await store.load(query) != network {
                        throw BenchmarkFailure("a load differs from the network decode")
                    }
                })
            return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
        }
    }

    /// The 99th percentile of how late a 1 ms sleep wakes, over the sleeps made until `work` ends (at least 20).
    static func lateness(during work: () async throws -> Void) async throws -> Double {
        let ticker = Task {
            let clock = ContinuousClock()
            var late: [Double] = []
            while !Task.isCancelled || late.count < 20 {
                let due = clock.now + .milliseconds(1)
                try? await Task.sleep(until: due, clock: clock)
                late.append(Timing.seconds(clock.now - due))
            }
            return late.sorted()[late.count * 99 / 100]
        }
        try await work()
        ticker.cancel()
        return await ticker.value
    }

    static func poolStall(_ context: BenchmarkContext) async throws -> BenchmarkResult {
        try await withLoadedStore(context) { store, query, network in
            var ours: [Double] = []
            var baseline: [Double] = []
            for round in 0..<(context.timing.warmup + context.timing.iterations) {
                let busy = try await lateness {
                    try await loadTogether(store, query, count: readers, expected: network)
                }
                // Idle for as long as a round of loads takes, so both sides take as many samples.
                let idle = try await lateness { try await Task.sleep(for: .milliseconds(30)) }
                guard round >= context.timing.warmup else { continue }
                ours.append(busy)
                baseline.append(idle)
            }
            return BenchmarkResult(ours: Timing(samples: ours), baseline: Timing(samples: baseline))
        }
    }

    static func fanout(_ context: BenchmarkContext) async throws -> BenchmarkResult {
        /// A store with `count` characters, every one watched; returns it and the watches, which must stay alive.
        func watchedStore(count: Int) -> (CacheStore, [CacheWatch<CharacterName>]) {
            let store = CacheStore()
            let records = (0..<10_000).map { index in
                Record(
                    key: CacheKey("Human:\(index)"),
                    fields: ["__typename": .value(.string("Human")), "name": .value(.string("Human \(index)"))])
            }
            try? store.publish(RecordSet(records))
            let watches = (0..<count).map { index in
                store.watch(CharacterName.self, key: CacheKey("Human:\(index * (10_000 / count))"))
            }
            return (store, watches)
        }
        /// One write and the re-reads it causes, which run after the writer has gone on.
        func rename(in store: CacheStore, round: Int) async throws {
            try store.withReadWriteTransaction { transaction in
                transaction.update(CacheKey("Human:0"), fields: ["name": .value(.string("Renamed \(round)"))])
            }
            await store.waitForWatchers()
        }
        let (many, manyWatches) = watchedStore(count: 10_000)
        let (one, oneWatches) = watchedStore(count: 1)
        var round = 0
        let readsBefore = many.watcherReadCount
        let ours = try await Timing.measure(context.timing) {
            round += 1
            try await rename(in: many, round: round)
        }
        guard many.watcherReadCount - readsBefore == round else {
            throw BenchmarkFailure("a write re-read other watchers than the one watching the field it changed")
        }
        let baseline = try await Timing.measure(context.timing) {
            round += 1
            try await rename(in: one, round: round)
        }
        withExtendedLifetime((manyWatches, oneWatches)) {}
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }

    static func readLarge(_ context: BenchmarkContext) async throws -> BenchmarkResult {
        let response = try GitHubResponse(GitHubResponse.small, paths: context.paths)
        let folder = try BenchmarkPaths.scratchFolder("apicore-bench-sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (small, smallCache, network) = try sqliteStore(response, in: folder, name: "small.sqlite")
        defer { try? smallCache.close() }
        let (large, largeCache, _) = try sqliteStore(response, in: folder, name: "large.sqlite")
        defer { try? largeCache.close() }
        // 200,000 other records, written in pages of 20,000 (the default bound of one write is 100,000).
        for page in 0..<10 {
            let records = ((page * 20_000)..<((page + 1) * 20_000)).map { index in
                Record(
                    key: CacheKey("Issue:other-\(index)"),
                    fields: [
                        "__typename": .value(.string("Issue")), "title": .value(.string("Issue \(index)")),
                        "number": .value(.int(Int64(index))),
                    ])
            }
            try large.publish(RecordSet(records))
        }
        let query = response.query
        let ours = try Timing.measure(context.timing) { try large.read(query) }
        let baseline = try Timing.measure(context.timing) { try small.read(query) }
        guard ours.result == network, baseline.result == network else {
            throw BenchmarkFailure("a read differs from the network decode")
        }
        return BenchmarkResult(ours: ours.timing, baseline: baseline.timing)
    }
}
