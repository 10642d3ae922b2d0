import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

/// `githawk-Issue.json` through the normalized cache: written from the network decode and read back equal, using the
/// types generated for it in `GeneratedGitHawkIssue/`.
@Suite("GitHawk issue response through the cache", .cpuBound)
struct GitHawkIssueCacheTests {
    @Test("reading the issue query back from the cache equals the network decode", arguments: [false, true])
    func readBackEqualsNetworkDecode(inSQLite: Bool) throws {
        let data = try CorpusFiles.responseData("github/responses/githawk-Issue.json")
        let query = IssueQuery(owner: "GitHawkApp", repo: "GitHawk", number: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("githawk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        let store =
            inSQLite ? CacheStore(cache: try SQLiteNormalizedCache(fileURL: file)) : CacheStore()
        let (network, records) = try store.decode(query, data: data)
        try store.publish(records)
        let cached = try store.read(query)
        // The recorded response carries fields this query does not select (GitHawk's query selected more), so the
        // cached data is the network data less those: every value it holds equals the network's, and it decoded.
        #expect(Self.isContained(.object(cached.__data), in: .object(network.__data)))
        #expect(cached.__data.count == network.__data.count)
        #expect(cached.repository?.issue?.title == network.repository?.issue?.title)
        // The repository and the issue have ids: each is its own record, shared with any other query that meets them.
        let repositoryID = try #require(network.repository?.id)
        #expect(records.keys.contains(CacheKey("Repository:\(repositoryID)")))
        let issueID = try #require(network.repository?.issue?.id)
        #expect(
            try store.record(for: CacheKey("Issue:\(issueID)"))?["title"]
                == .value(.string(cached.repository?.issue?.title ?? "")))
    }

    /// Whether every member of `part`, recursively, is in `whole` with the same value.
    static func isContained(_ part: JSONValue, in whole: JSONValue) -> Bool {
        switch (part, whole) {
        case (.object(let inner), .object(let outer)):
            return inner.members.allSatisfy { key, value in outer[key].map { isContained(value, in: $0) } ?? false }
        case (.array(let inner), .array(let outer)):
            return inner.count == outer.count && zip(inner, outer).allSatisfy { isContained($0, in: $1) }
        default:
            return part == whole
        }
    }
}
