import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreScalars
import APICoreTestSupport
import Foundation
import Testing

/// `apicore cache stats` and `apicore cache dump`: the built executable on cache files the tests write, and on the
/// inputs it must refuse. (The demo's own file is inspected in the demo's tests.)
@Suite("apicore cache")
struct CacheCommandTests {
    /// A cache file in a new folder holding a user written 10 s before a product, the user's name with a time to
    /// live already over.
    static func makeFile() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("cache.sqlite")
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let written = Date(timeIntervalSince1970: 1_700_000_000)
        let user = Record(
            key: "User:1", fields: ["__typename": .value("User"), "id": .value("1"), "name": .value("Ada")],
            expirations: ["name": written.addingTimeInterval(60)], writtenAt: written)
        let product = Record(
            key: "Product:7", fields: ["__typename": .value("Product"), "owner": .reference("User:1")],
            writtenAt: written.addingTimeInterval(10))
        let root = Record(key: .queryRoot, fields: ["product(id:\"7\")": .reference("Product:7")], writtenAt: written)
        _ = try cache.merge(RecordSet([user, product, root]))
        try cache.close()
        return (folder, file)
    }

    @Test("stats: totals, write times and expiry as text and as JSON")
    func stats() async throws {
        let (folder, file) = try Self.makeFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: file)
        let text = try await APICoreExecutable.run(["cache", "stats", file.path])
        #expect(text.status == 0, "\(text.error)")
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(file.path): 3 records, ") == true)
        #expect(lines.contains("  written: oldest 2023-11-14T22:13:20.000Z, newest 2023-11-14T22:13:30.000Z"))
        #expect(lines.contains { $0.hasPrefix("  expired at ") && $0.hasSuffix(": 1 records, 1 fields") })
        #expect(lines.contains("by type:"))
        #expect(lines.contains { $0.hasPrefix("  User ") && $0.contains("1 records") })

        let json = try await APICoreExecutable.run(["cache", "stats", file.path, "--json"])
        #expect(json.status == 0)
        let object = try #require(json.json?.objectValue)
        #expect(object["records"] == 3)
        #expect(object["expiredFields"] == 1)
        #expect(object["oldestWrite"] == "2023-11-14T22:13:20.000Z")
        #expect(object["byType"]?.objectValue?.keys.sorted() == ["Product", "QUERY_ROOT", "User"])
        // Read, never written.
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("dump: every record sorted by key, one key's, one type's; a key not stored exits 1")
    func dump() async throws {
        let (folder, file) = try Self.makeFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try await APICoreExecutable.run(["cache", "dump", file.path])
        #expect(all.status == 0, "\(all.error)")
        guard case .array(let records)? = all.json else {
            Issue.record("no JSON array: \(all.output)")
            return
        }
        #expect(records.map { $0.objectValue?["key"] } == ["Product:7", "QUERY_ROOT", "User:1"])
        let product = try #require(records.first?.objectValue)
        #expect(product["fields"]?.objectValue?["owner"]?.objectValue?["value"] == ["$ref": "User:1"])
        #expect(product["writtenAt"] == "2023-11-14T22:13:30.000Z")

        let user = try await APICoreExecutable.run(["cache", "dump", file.path, "--key", "User:1"])
        #expect(user.status == 0)
        let name = user.json?.arrayValue?.first?.objectValue?["fields"]?.objectValue?["name"]?.objectValue
        #expect(name?["value"] == "Ada")
        #expect(name?["expiresAt"] == "2023-11-14T22:14:20.000Z")
        #expect(name?["expired"] == true)

        let products = try await APICoreExecutable.run(["cache", "dump", file.path, "--type", "Product"])
        #expect(products.json?.arrayValue?.count == 1)

        let missing = try await APICoreExecutable.run(["cache", "dump", file.path, "--key", "User:2"])
        #expect(missing.status == 1)
        #expect(missing.json == .array([]))
        #expect(missing.error == "error: no record with key User:2\n")
    }

    @Test("a missing file, a database that holds no cache and conflicting options exit 2 and create nothing")
    func refusals() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.sqlite")
        let result = try await APICoreExecutable.run(["cache", "stats", missing.path])
        #expect(result.status == 2)
        #expect(result.error == "error: \(missing.path): no such file\n")
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        let text = folder.appendingPathComponent("notes.txt")
        try Data("not a database".utf8).write(to: text)
        let notDatabase = try await APICoreExecutable.run(["cache", "dump", text.path])
        #expect(notDatabase.status == 2)
        #expect(notDatabase.error.hasPrefix("error: \(text.path): the cache database could not be opened"))
        #expect(try Data(contentsOf: text) == Data("not a database".utf8))

        let (cacheFolder, file) = try Self.makeFile()
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let both = try await APICoreExecutable.run(["cache", "dump", file.path, "--key", "User:1", "--type", "User"])
        #expect(both.status == 2)
        #expect(both.error.contains("--key and --type cannot be used together"))
    }
}
