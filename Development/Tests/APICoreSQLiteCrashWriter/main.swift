// A child process that writes a SQLite cache under a fault, for the tests that kill it or starve it.
//
// APICoreSQLiteCrashWriter DATABASE RUN LIMIT
//   Writes a stream of merges and acknowledges each one once it is committed, for the test that kills this process in
//   the middle of a write and checks that every acknowledged write survived. Merge `i` writes `Item:RUN-i-0` ...
//   `Item:RUN-i-{batchSize-1}` and points `QUERY_ROOT.latest(run:RUN)` at the first, then prints `ack RUN i` on its own
//   line. After LIMIT merges it waits; it never exits by itself: the test kills it. (The limit keeps a writer that runs
//   far ahead of a slow reader, as under a sanitizer, from filling the file with writes the test then has to check.)
//
// APICoreSQLiteCrashWriter checkpoint DATABASE RUN LIMIT
//   The same with 4 KB payloads, and a `wal_checkpoint(TRUNCATE)` from a second connection after every fifth merge,
//   about 1 MB of log (printing `checkpoint RUN i` before it starts), so that a kill often lands in a checkpoint.
//
// APICoreSQLiteCrashWriter fill DATABASE RUN BYTES
//   Writes merges as above with the size of every file it writes limited to BYTES (RLIMIT_FSIZE, with SIGXFSZ
//   ignored): a full disk. It prints `ack RUN i` for each merge committed, then `full DESCRIPTION` for the write that
//   failed, `read N` with the number of records of the acknowledged merges it reads back, and, once the limit is
//   lifted, `recovered` after one more merge (`still failing DESCRIPTION` if it fails), then exits 0.
//
// APICoreSQLiteCrashWriter permissions DATABASE RUN COUNT
//   Runs as an ordinary user (`nobody` when started as root, for whom file modes do not apply), opens the cache,
//   prints `readonly true|false` (whether it opened for reading only), `read N` with the number of records of merges
//   0..<COUNT of run RUN it reads, then `wrote` after merge COUNT or `refused DESCRIPTION` if the write fails, and exits
//   0.
import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreScalars
import APICoreTestSupport
import Foundation
import GRDB

/// One line on standard output, unbuffered: in the pipe before the next step starts.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func usage() -> Never {
    FileHandle.standardError.write(
        Data("usage: APICoreSQLiteCrashWriter [checkpoint|fill|permissions] DATABASE RUN LIMIT|BYTES|COUNT\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let mode = ["checkpoint", "fill", "permissions"].contains(arguments.first ?? "") ? arguments.removeFirst() : "crash"
guard arguments.count == 3, let run = Int(arguments[1]), let limit = Int(arguments[2]) else { usage() }
let file = URL(fileURLWithPath: arguments[0])

/// The records of each merge.
let batchSize = 50

/// The records merge `index` of run `run` writes, each with a payload of `payload` bytes.
func records(run: Int, index: Int, payload: Int = 200) -> RecordSet {
    var set = RecordSet()
    for element in 0..<batchSize {
        let key = CacheKey("Item:\(run)-\(index)-\(element)")
        set.merge(
            Record(
                key: key,
                fields: [
                    "index": .value(.int(Int64(index))),
                    "payload": .value(.string(String(repeating: "x", count: payload))),
                ]))
    }
    set.merge(
        Record(
            key: .queryRoot, fields: ["latest(run:\(run))": .reference(CacheKey("Item:\(run)-\(index)-0"))]))
    return set
}

/// Merges until one fails with the files limited to `bytes`, reads back what was acknowledged, lifts the limit and
/// merges once more.
func fill(_ cache: SQLiteNormalizedCache, bytes: Int) {
    FileSizeLimit.set(bytes)
    var index = 0
    while true {
        do {
            _ = try cache.merge(records(run: run, index: index))
        } catch {
            say("full \(error)")
            break
        }
        say("ack \(run) \(index)")
        index += 1
    }
    var keys: Set<CacheKey> = []
    for acknowledged in 0..<index {
        for element in 0..<batchSize { keys.insert(CacheKey("Item:\(run)-\(acknowledged)-\(element)")) }
    }
    do {
        say("read \(try cache.loadRecords(keys).count)")
    } catch {
        say("read failed \(error)")
    }
    FileSizeLimit.lift()
    do {
        _ = try cache.merge(records(run: run, index: index))
        say("recovered \(index)")
    } catch {
        say("still failing \(error)")
    }
}

/// Reads what merges `0..<count` wrote and writes one more, as an ordinary user, saying what it could do.
func permissions(_ file: URL, count: Int) throws {
    try Unprivileged.become()
    let cache = try SQLiteNormalizedCache(fileURL: file)
    say("readonly \(cache.isReadOnly)")
    var keys: Set<CacheKey> = []
    for index in 0..<count {
        for element in 0..<batchSize { keys.insert(CacheKey("Item:\(run)-\(index)-\(element)")) }
    }
    say("read \(try cache.loadRecords(keys).count)")
    do {
        _ = try cache.merge(records(run: run, index: count))
        say("wrote")
    } catch {
        say("refused \(error)")
    }
    try cache.close()
}

do {
    if mode == "permissions" {
        try permissions(file, count: limit)
        exit(0)
    }
    let cache = try SQLiteNormalizedCache(fileURL: file)
    switch mode {
    case "fill":
        fill(cache, bytes: limit)
        try cache.close()
        exit(0)
    case "checkpoint":
        let checkpointer = try DatabaseQueue(path: file.path)
        for index in 0..<limit {
            _ = try cache.merge(records(run: run, index: index, payload: 4096))
            say("ack \(run) \(index)")
            guard (index + 1).isMultiple(of: 5) else { continue }
            say("checkpoint \(run) \(index)")
            try checkpointer.writeWithoutTransaction { db in
                _ = try Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
    default:
        for index in 0..<limit {
            _ = try cache.merge(records(run: run, index: index))
            say("ack \(run) \(index)")
        }
    }
    while true { sleep(60) }
} catch {
    FileHandle.standardError.write(Data("APICoreSQLiteCrashWriter: \(String(reflecting: error))\n".utf8))
    exit(1)
}
