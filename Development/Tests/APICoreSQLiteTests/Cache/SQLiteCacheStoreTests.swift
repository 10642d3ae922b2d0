import APICoreCache
import APICoreGraphQL
import APICoreSQLite
import APICoreTestSupport
import Foundation
import GitHubApolloFixture
import Testing

@Suite struct SQLiteCacheStoreTests {
    static let responses = [
        "github/responses/IssuesAndCommentsForRepository.json",
        "github/responses/IssuesAndCommentsForRepository-x25.json",
    ]

    @Test(.cpuBound, arguments: responses)
    func aQueryWrittenThroughAStoreOverSQLiteReadsBackEqualAfterReopening(path: String) throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let query = IssuesAndCommentsForRepositoryQuery()
        let network: IssuesAndCommentsForRepositoryQuery.Data
        do {
            let sqlite = try SQLiteNormalizedCache(fileURL: file)
            let store = CacheStore(cache: sqlite)
            let (data, records) = try store.decode(query, data: CorpusFiles.responseData(path))
            try store.publish(records)
            network = data
            try sqlite.close()
        }

        let reopened = try SQLiteNormalizedCache(fileURL: file)
        #expect(try CacheStore(cache: reopened).read(query) == network)
        // The same file behind memory, as an app opens it at launch.
        let chained = ChainedNormalizedCache(front: InMemoryNormalizedCache(), back: reopened)
        let store = CacheStore(cache: chained)
        #expect(try store.read(query) == network)
        #expect(try store.read(query) == network)
    }

    @Test func aWatcherSeesRecordsAnotherConnectionWroteOnceRefreshed() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache.sqlite")
        let query = IssuesAndCommentsForRepositoryQuery()
        let data = try CorpusFiles.responseData(Self.responses[0])
        let store = CacheStore(cache: try SQLiteNormalizedCache(fileURL: file))
        let (network, records) = try store.decode(query, data: data)
        try store.publish(records)

        var watch = store.watch(query).makeAsyncIterator()
        let first = await watch.next()
        #expect(try first?.get() == network)

        // Another process renames the repository in the same file; the store learns of it when told to refresh.
        let other = try SQLiteNormalizedCache(fileURL: file)
        let repository = records.records.values.first { record in record.fields.keys.contains { $0.hasPrefix("issues") }
        }
        let repositoryKey = try #require(repository?.key)
        let renamed = APICoreCache.Record(key: repositoryKey, fields: ["name": .value(.string("renamed"))])
        _ = try other.merge(RecordSet([renamed]))
        store.refreshWatchers()
        let second = await watch.next()
        #expect(try second?.get().repository?.name == "renamed")
        #expect(try second?.get().repository?.issues == network.repository?.issues)
    }
}
