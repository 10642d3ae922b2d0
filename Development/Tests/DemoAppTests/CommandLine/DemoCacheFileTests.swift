import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import DemoApp
import Foundation
import Testing

/// `apicore cache stats` and `apicore cache dump` on the SQLite cache the demo app leaves behind, checked against
/// the public API the commands are built on, read in this process.
@MainActor
@Suite("apicore cache on the demo's cache file")
struct DemoCacheFileTests {
    static let apicore = BuildProducts.executable(named: "apicore", environmentOverride: "APICORE_EXECUTABLE")

    @Test("stats and dump report what the demo stored", .timeLimit(.minutes(10)))
    func statsAndDump() async throws {
        let server = try await TestDemoServer.start()
        do {
            let runner = DemoRunner(configuration: try server.configuration(), server: server, output: { _ in })
            let summary = try await runner.run()
            #expect(summary.problems == [])
            try await Self.inspect(server.dataDirectory.appendingPathComponent("cache.sqlite"), summary: summary)
        } catch {
            await server.tearDown()
            throw error
        }
        await server.tearDown()
    }

    static func inspect(_ file: URL, summary: DemoSummary) async throws {
        var options = SQLiteFileOptions(corruptionRecovery: .fail)
        options.readsOnly = true
        let reader = try SQLiteNormalizedCache(fileURL: file, options: options)
        defer { try? reader.close() }
        let expected = try CacheStatistics(of: reader)
        #expect(expected.records > 0)
        #expect(expected.recordsWithoutWriteTime == 0)

        let stats = try await ChildProcess.run(apicore, ["cache", "stats", file.path, "--json"])
        #expect(stats.status == 0, "\(stats.error)")
        let json = try #require(try JSONReader().read(stats.text).objectValue)
        #expect(json["records"] == .int(Int64(expected.records)))
        #expect(json["bytes"] == .int(Int64(expected.bytes)))
        let types = try #require(json["byType"]?.objectValue)
        #expect(Set(types.keys) == Set(expected.byType.keys))
        for (name, count) in expected.byType {
            #expect(types[name]?.objectValue?["records"] == .int(Int64(count.records)), "\(name)")
        }
        #expect(types["User"] != nil)
        #expect(json["newestWrite"]?.stringValue != nil)

        let text = try await ChildProcess.run(apicore, ["cache", "stats", file.path])
        #expect(text.status == 0)
        #expect(text.text.hasPrefix("\(file.path): \(expected.records) records, "))
        #expect(text.text.contains("by type:\n"))

        // The demo's user, as the cache holds it: the email the server confirmed.
        let users = try CacheDump(of: reader, filter: .type("User"))
        let dumped = try await ChildProcess.run(apicore, ["cache", "dump", file.path, "--type", "User"])
        #expect(dumped.status == 0, "\(dumped.error)")
        guard case .array(let records)? = try? JSONReader().read(dumped.text) else {
            Issue.record("dump printed no JSON array: \(dumped.text.prefix(200))")
            return
        }
        #expect(records.map { $0.objectValue?["key"] } == users.records.map { $0["key"] })
        #expect(records.allSatisfy { $0.objectValue?["type"] == "User" })
        let user = try #require(
            records.compactMap(\.objectValue).first { record in
                record["fields"]?.objectValue?["id"]?.objectValue?["value"] == .string(DemoRunner.userID)
            })
        let email = user["fields"]?.objectValue?["email"]?.objectValue?["value"]?.stringValue
        #expect(email == summary.observedEmails.last)

        let key = try #require(user["key"]?.stringValue)
        let one = try await ChildProcess.run(apicore, ["cache", "dump", file.path, "--key", key])
        #expect(one.status == 0)
        #expect(try JSONReader().read(one.text) == .array([.object(user)]))
    }
}
