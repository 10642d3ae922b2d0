// Writes a stream of merges to a SQLite cache and acknowledges each one once it is committed, for the test that kills
// this process in the middle of a write and checks that every acknowledged write survived.
//
// Usage: APICoreSQLiteCrashWriter DATABASE RUN LIMIT
// Merge `i` writes `Item:RUN-i-0` ... `Item:RUN-i-{batchSize-1}` and points `QUERY_ROOT.latest(run:RUN)` at the first,
// then prints `ack RUN i` on its own line. After LIMIT merges it waits; it never exits by itself: the test kills it.
// (The limit keeps a writer that runs far ahead of a slow reader, as under a sanitizer, from filling the file with
// writes the test then has to check.)
import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let run = Int(arguments[2]), let limit = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: APICoreSQLiteCrashWriter DATABASE RUN LIMIT\n".utf8))
    exit(2)
}

/// The records merge `index` of run `run` writes.
func records(run: Int, index: Int) -> RecordSet {
    let batchSize = 50
    var set = RecordSet()
    for element in 0..<batchSize {
        let key = CacheKey("Item:\(run)-\(index)-\(element)")
        set.merge(
            Record(
                key: key,
                fields: [
                    "index": .value(.int(Int64(index))),
                    "payload": .value(.string(String(repeating: "x", count: 200))),
                ]))
    }
    set.merge(
        Record(
            key: .queryRoot, fields: ["latest(run:\(run))": .reference(CacheKey("Item:\(run)-\(index)-0"))]))
    return set
}

do {
    let cache = try SQLiteNormalizedCache(fileURL: URL(fileURLWithPath: arguments[1]))
    for index in 0..<limit {
        _ = try cache.merge(records(run: run, index: index))
        // An unbuffered write: the line is in the pipe before the next merge starts.
        FileHandle.standardOutput.write(Data("ack \(run) \(index)\n".utf8))
    }
    while true { sleep(60) }
} catch {
    FileHandle.standardError.write(Data("APICoreSQLiteCrashWriter: \(String(reflecting: error))\n".utf8))
    exit(1)
}
