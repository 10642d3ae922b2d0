import APICoreCache
import APICoreSQLite
import APICoreScalars
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreGraphQL

/// The store against a model a reader can check by eye, a dictionary of fields per record with a list of layers on
/// top, over seeded random sequences of writes, optimistic layers (added, replaced by the server's records, rolled
/// back), evictions of records and fields, and reads, run by several tasks at once. Each task works on records of its
/// own, so its model alone says what it must read, whatever the other tasks do meanwhile to the same store. Each task
/// has a clock of its own, moved on at every step, and the model says when each stored field was written and when it
/// expires.
@Suite("Cache store against a model", .timeLimit(.minutes(10)))
struct CacheStoreModelTests {
    typealias Fields = [String: RecordValue]

    /// What one task has done to its own records.
    struct Model {
        var stored: [CacheKey: Fields] = [:]
        var layers: [(id: OptimisticLayerID, records: [CacheKey: Fields])] = []
        /// When each stored field was written, and when it expires (fields without an entry never do).
        var written: [CacheKey: [String: Date]] = [:]
        var expires: [CacheKey: [String: Date]] = [:]

        /// Stores a write the server made at `date`: each field takes its new value, write time and expiry.
        mutating func store(_ records: [CacheKey: Fields], expiring: [CacheKey: [String: Date]], at date: Date) {
            for (key, fields) in records {
                stored[key, default: [:]].merge(fields) { _, new in new }
                for name in fields.keys {
                    written[key, default: [:]][name] = date
                    expires[key, default: [:]][name] = expiring[key]?[name]
                }
            }
        }

        mutating func remove(_ key: CacheKey, field: String? = nil) {
            guard let field else {
                (stored[key], written[key], expires[key]) = (nil, nil, nil)
                return
            }
            stored[key]?[field] = nil
            written[key]?[field] = nil
            expires[key]?[field] = nil
        }

        /// The fields a read of `key` must find: the stored ones with each layer on top, in order.
        func visible(_ key: CacheKey) -> Fields {
            var fields = stored[key] ?? [:]
            for layer in layers {
                fields.merge(layer.records[key] ?? [:]) { _, layer in layer }
            }
            return fields
        }
    }

    static let fieldNames = ["a", "b", "c"]

    static func keys(of task: Int) -> [CacheKey] {
        (0..<6).map { CacheKey("Task\(task):\($0)") }
    }

    /// A few of `keys`, each with some fields set to random values.
    static func randomRecords(
        _ keys: [CacheKey], using generator: inout SeededGenerator
    ) -> [CacheKey: Fields] {
        var records: [CacheKey: Fields] = [:]
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let key = keys.randomElement(using: &generator)!
            for name in fieldNames where Bool.random(using: &generator) {
                records[key, default: [:]][name] = .value(.int(Int64.random(in: 0..<1_000, using: &generator)))
            }
            records[key, default: [:]]["a"] = records[key]?["a"] ?? .value(.int(-1))
        }
        return records
    }

    static func recordSet(_ records: [CacheKey: Fields], expiring: [CacheKey: [String: Date]] = [:]) -> RecordSet {
        RecordSet(records.map { Record(key: $0.key, fields: $0.value, expirations: expiring[$0.key] ?? [:]) })
    }

    /// Expiry dates for some of the fields of `records`, around `now`.
    static func randomExpiry(
        _ records: [CacheKey: Fields], now: Date, using generator: inout SeededGenerator
    ) -> [CacheKey: [String: Date]] {
        var expiring: [CacheKey: [String: Date]] = [:]
        for (key, fields) in records {
            for name in fields.keys where Int.random(in: 0..<3, using: &generator) == 0 {
                expiring[key, default: [:]][name] = now.addingTimeInterval(
                    Double(Int.random(in: 1...20, using: &generator)))
            }
        }
        return expiring
    }

    /// The clock of the task running on this thread, which the store reads through ``TaskClock/now``.
    enum TaskClock {
        static let key = "CacheStoreModelTests.clock"

        static var now: Date {
            (Thread.current.threadDictionary[key] as? Date) ?? Date()
        }

        static func set(_ date: Date) {
            Thread.current.threadDictionary[key] = date
        }
    }

    /// The fields a store read finds at `key`; none for a record not there.
    static func fields(_ record: Record?) -> Fields {
        record?.fields.dictionary ?? [:]
    }

    /// Runs `steps` random steps of task `task` against `store`; returns the first disagreement with the model.
    static func run(task: Int, seed: UInt64, steps: Int, store: CacheStore) throws -> String? {
        var generator = SeededGenerator(seed: seed &+ UInt64(task))
        var model = Model()
        let keys = keys(of: task)
        var now = Date(timeIntervalSince1970: 1_700_000_000 + Double(task) * 1_000_000)
        for step in 0..<steps {
            let place = "seed \(seed), task \(task), step \(step)"
            now = now.addingTimeInterval(Double(Int.random(in: 1...5, using: &generator)))
            TaskClock.set(now)
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<30:
                let records = randomRecords(keys, using: &generator)
                let expiring = randomExpiry(records, now: now, using: &generator)
                try store.publish(recordSet(records, expiring: expiring))
                model.store(records, expiring: expiring, at: now)
            case 30..<42:
                let records = randomRecords(keys, using: &generator)
                let id = try store.addOptimisticLayer { transaction in
                    for (key, fields) in records { transaction.update(key, fields: fields) }
                }
                model.layers.append((id, records))
            case 42..<50 where !model.layers.isEmpty:
                let index = Int.random(in: 0..<model.layers.count, using: &generator)
                let records = randomRecords(keys, using: &generator)
                try store.replaceOptimisticLayer(model.layers[index].id, with: recordSet(records))
                model.layers.remove(at: index)
                model.store(records, expiring: [:], at: now)
            case 50..<56 where !model.layers.isEmpty:
                let index = Int.random(in: 0..<model.layers.count, using: &generator)
                store.removeOptimisticLayer(model.layers[index].id)
                model.layers.remove(at: index)
            case 56..<62:
                let key = keys.randomElement(using: &generator)!
                try store.evict(key)
                model.remove(key)
            case 62..<68:
                let key = keys.randomElement(using: &generator)!
                let name = fieldNames.randomElement(using: &generator)!
                try store.evict(field: CacheFieldID(key: key, field: name))
                model.remove(key, field: name)
            case 68..<84:
                let key = keys.randomElement(using: &generator)!
                let found = fields(try store.record(for: key))
                if found != model.visible(key) {
                    return "\(place): \(key.rawValue) read \(found), the model says \(model.visible(key))"
                }
                // As stored, under any layer: when each field was written and when it expires.
                let stored = try store.cache.loadRecord(key)
                for name in fieldNames where model.stored[key]?[name] != nil {
                    let written = stored?.writeTime(of: name)
                    if written != model.written[key]?[name] {
                        return
                            "\(place): \(key.rawValue).\(name) written at \(String(describing: written)), not \(model.written[key]?[name] as Any)"
                    }
                    let expiry = stored?.expirations[name]
                    if expiry != model.expires[key]?[name] {
                        return
                            "\(place): \(key.rawValue).\(name) expires \(String(describing: expiry)), not \(model.expires[key]?[name] as Any)"
                    }
                }
            default:
                let found = try store.withReadTransaction { transaction throws(CacheError) in
                    try keys.map { key throws(CacheError) in fields(try transaction.record(for: key)) }
                }
                let expected = keys.map(model.visible)
                if found != expected { return "\(place): one read of every record found \(found), not \(expected)" }
            }
        }
        for key in keys where fields(try store.record(for: key)) != model.visible(key) {
            return "seed \(seed), task \(task), at the end: \(key.rawValue) differs from the model"
        }
        return nil
    }

    @Test(
        "four tasks' random writes, layers, evictions and reads agree with the model",
        arguments: CacheStoreConcurrencyTests.Kind.allCases, [0x0C0F_FEE1, 0x0BAD_5EED, 0x5EED_0003])
    func agreesWithTheModel(kind: CacheStoreConcurrencyTests.Kind, seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(cache: try kind.make(in: directory), now: { TaskClock.now })
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            for task in 0..<4 {
                // On threads of their own: the steps never suspend, and the concurrency pool's few threads are shared
                // with the tests running beside this one.
                group.addTask {
                    try await onDedicatedThread {
                        try Self.run(task: task, seed: seed, steps: 400, store: store)
                    }
                }
            }
            return try await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// One task's random writes, watchers started and stopped, and trims to random bounds, against a model that knows
    /// each record's last write time and which records a watcher reads: a trim must remove exactly the least recently
    /// written records the model picks, skipping the watched ones.
    static func runTrims(seed: UInt64, steps: Int, kind: CacheStoreConcurrencyTests.Kind) throws -> String? {
        let directory = try TemporaryDirectory()
        let clock = ManualDate()
        let store = CacheStore(cache: try kind.make(in: directory), now: { clock.now })
        var generator = SeededGenerator(seed: seed)
        var written: [CacheKey: Date] = [:]
        var watches: [CacheKey: CacheWatch<PersonDetails>] = [:]
        let keys = (0..<30).map { CacheKey("Person:\($0)") }
        for step in 0..<steps {
            let place = "seed \(seed), \(kind), step \(step)"
            clock.advance(by: Double(Int.random(in: 0...2, using: &generator)))
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<55:
                let chosen = Set(
                    (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                        keys.randomElement(using: &generator)!
                    })
                try store.publish(
                    RecordSet(
                        chosen.map { key in
                            Record(
                                key: key,
                                fields: [
                                    "__typename": .value("Person"), "id": .value(.string(key.rawValue)),
                                    "name": .value(.string("v\(step)")), "height": .null,
                                ])
                        }))
                for key in chosen { written[key] = clock.now }
            case 55..<70:
                let key = keys.randomElement(using: &generator)!
                if watches[key] == nil { watches[key] = store.watch(PersonDetails.self, key: key) }
            case 70..<80:
                if let key = watches.keys.sorted().randomElement(using: &generator) { watches[key] = nil }
            default:
                let limit = Int.random(in: 0...20, using: &generator)
                let trim = try store.trim(to: CacheLimits(maxRecords: limit))
                // The model's pick: oldest first (ties by key), watched records skipped, until within the bound.
                var left = written.count
                var expected: [CacheKey] = []
                for (key, _) in written.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) where left > limit {
                    guard watches[key] == nil else { continue }
                    expected.append(key)
                    left -= 1
                }
                if trim.removedRecords != expected {
                    return "\(place): trim to \(limit) removed \(trim.removedRecords), the model says \(expected)"
                }
                for key in expected { written[key] = nil }
            }
            let stored = try store.cache.allKeys()
            if stored != Set(written.keys) {
                return "\(place): the cache holds \(stored.sorted()), the model \(written.keys.sorted())"
            }
            if store.watcherCount != watches.count {
                return "\(place): \(store.watcherCount) watchers, the model has \(watches.count)"
            }
            for (key, date) in written where try store.cache.loadRecord(key)?.writtenAt != date {
                return "\(place): \(key.rawValue) was written at \(date), the cache says otherwise"
            }
        }
        return nil
    }

    @Test(
        "trims to random bounds remove exactly what the model picks and never a watched record",
        .cpuBound, arguments: CacheStoreConcurrencyTests.Kind.allCases, [0x7B1_0001, 0x7B1_0002, 0x7B1_0003])
    func trimsAgreeWithTheModel(kind: CacheStoreConcurrencyTests.Kind, seed: UInt64) throws {
        let failure = try Self.runTrims(seed: seed, steps: 300, kind: kind)
        #expect(failure == nil, "\(failure ?? "")")
    }
}
