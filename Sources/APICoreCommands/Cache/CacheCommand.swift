import APICoreCache
import APICoreGenerateCommand
import APICoreGraphQL
import APICoreJSON
import APICoreSQLite
import ArgumentParser
import Foundation

/// `apicore cache`: what an app's SQLite cache file holds, read without changing it.
public struct CacheCommand: ParsableCommand {
    /// The subcommand's name, help text and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect a normalized cache file (SQLite) without changing it.",
        discussion: """
            The file is opened for reading only: it is never written, migrated or repaired, and an app may keep \
            using it meanwhile. (As for any reader of a SQLite file in WAL mode, its -wal and -shm companions are \
            created beside it when missing.)

            Exit status: 0 done; 1 no record matched (dump --key); 2 usage errors, or a file that is missing, \
            corrupt or not a cache.
            """,
        subcommands: [CacheStatsCommand.self, CacheDumpCommand.self]
    )

    /// A command with no options set; ArgumentParser fills them in.
    public init() {}

    /// Opens the cache at `path` for reading, or reports why it cannot and exits 2.
    static func open(_ path: String) throws -> SQLiteNormalizedCache {
        var options = SQLiteFileOptions(corruptionRecovery: .fail)
        options.readsOnly = true
        do {
            return try SQLiteNormalizedCache(fileURL: URL(fileURLWithPath: path), options: options)
        } catch {
            StandardStreams.writeLine("error: \(path): \(reason(error))", to: .error)
            throw ExitCode(2)
        }
    }

    /// Runs `body` on the cache, reporting a failure to read it (a corrupt record, an I/O error) and exiting 2.
    static func reading<Value>(
        _ path: String, _ body: (SQLiteNormalizedCache) throws(CacheError) -> Value
    ) throws
        -> Value
    {
        let cache = try open(path)
        defer { try? cache.close() }
        do {
            return try body(cache)
        } catch {
            StandardStreams.writeLine("error: \(path): \(reason(error))", to: .error)
            throw ExitCode(2)
        }
    }

    /// A failure in a sentence: the cache's reason, and what SQLite or the file system said.
    private static func reason(_ error: CacheError) -> String {
        guard let underlying = error.underlying else { return error.reason ?? error.code.rawValue }
        if let cocoa = underlying as? CocoaError, cocoa.code == .fileNoSuchFile { return "no such file" }
        return "\(error.reason ?? error.code.rawValue) (\(underlying))"
    }
}

/// `apicore cache stats FILE`: records, bytes, types, write times and expiry of a cache file.
struct CacheStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count a cache file's records and bytes, by type, with its oldest and newest writes and what has "
            + "expired.")

    @Argument(help: ArgumentHelp("The cache file (SQLite).", valueName: "file"))
    var file: String

    @Flag(help: "Print the statistics as one JSON object.")
    var json = false

    func run() throws {
        let statistics = try CacheCommand.reading(file) { cache throws(CacheError) in
            try CacheStatistics(of: cache)
        }
        if json {
            var bytes = JSONWriter(options: .init(sortsKeys: true, prettyPrinted: true)).write(statistics.json)
            bytes.append(UInt8(ascii: "\n"))
            StandardStreams.write(bytes, to: .output)
        } else {
            StandardStreams.writeLine(Self.text(statistics, file: file), to: .output)
        }
    }

    /// The statistics for a reader: totals, then one line per type, the largest first.
    static func text(_ statistics: CacheStatistics, file: String) -> String {
        var lines = ["\(file): \(statistics.records) records, \(byteText(statistics.bytes))"]
        let oldest = statistics.oldestWrite?.iso8601 ?? "none"
        let newest = statistics.newestWrite?.iso8601 ?? "none"
        lines.append("  written: oldest \(oldest), newest \(newest)")
        if statistics.recordsWithoutWriteTime > 0 {
            lines.append("  without a write time (stored by an older version): \(statistics.recordsWithoutWriteTime)")
        }
        lines.append(
            "  expired at \(statistics.date.iso8601): \(statistics.expiredRecords) records, "
                + "\(statistics.expiredFields) fields")
        guard !statistics.byType.isEmpty else { return lines.joined(separator: "\n") }
        lines.append("by type:")
        let types = statistics.byType.sorted { ($1.value.bytes, $0.key) < ($0.value.bytes, $1.key) }
        let width = types.map(\.key.count).max() ?? 0
        for (name, count) in types {
            let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(padded)  \(count.records) records, \(byteText(count.bytes))")
        }
        return lines.joined(separator: "\n")
    }

    static func byteText(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) bytes" : "\(bytes / 1_000) KB"
    }
}

/// `apicore cache dump FILE [--key K | --type T]`: a cache file's records as JSON.
struct CacheDumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a cache file's records as JSON: all of them, one key's or one type's.",
        discussion: """
            Prints one JSON array of records sorted by key. Each has its key, type, bytes, write time and fields; \
            each field its value as the cache stores it ({"$ref": key} for a reference), its write time and, for a \
            field with a time to live, when it expires and whether it has.
            """)

    @Argument(help: ArgumentHelp("The cache file (SQLite).", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Only the record with this key (User:1, QUERY_ROOT).", valueName: "key"))
    var key: String?

    @Option(help: ArgumentHelp("Only the records of this type (by __typename, else by key).", valueName: "type"))
    var type: String?

    func validate() throws {
        if key != nil, type != nil { throw ValidationError("--key and --type cannot be used together.") }
    }

    func run() throws {
        let filter: CacheDump.Filter = key.map { .key(CacheKey($0)) } ?? type.map { .type($0) } ?? .all
        let dump = try CacheCommand.reading(file) { cache throws(CacheError) in
            try CacheDump(of: cache, filter: filter)
        }
        var bytes = JSONWriter(options: .init(prettyPrinted: true)).write(dump.json)
        bytes.append(UInt8(ascii: "\n"))
        StandardStreams.write(bytes, to: .output)
        if let key, dump.records.isEmpty {
            StandardStreams.writeLine("error: no record with key \(key)", to: .error)
            throw ExitCode(1)
        }
    }
}
