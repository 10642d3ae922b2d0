import APICoreCache
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import GitHubApolloFixture
import StarWarsFixture
import Testing

@Suite("Normalization and reading back", .cpuBound)
struct NormalizationTests {
    static let issuesPath = "github/responses/IssuesAndCommentsForRepository.json"

    @Test("the GitHub response becomes one record per distinct object; each author is one record")
    func githubResponseRecords() throws {
        let data = try CorpusFiles.responseData(Self.issuesPath)
        let store = CacheStore()
        let (_, records) = try store.decode(IssuesAndCommentsForRepositoryQuery(), data: data)

        // Count the distinct objects independently, with Foundation: authors by id, everything else by position.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: CorpusFiles.url(Self.issuesPath))) as? [String: Any]
        )
        let repository = try #require((json["data"] as? [String: Any])?["repository"] as? [String: Any])
        let issues = try #require((repository["issues"] as? [String: Any])?["nodes"] as? [[String: Any]])
        var authorIDs: Set<String> = []
        var authorOccurrences = 0
        var comments = 0
        for issue in issues {
            if let author = issue["author"] as? [String: Any], let id = author["id"] as? String {
                authorIDs.insert(id)
                authorOccurrences += 1
            }
            let nodes = (issue["comments"] as? [String: Any])?["nodes"] as? [[String: Any]] ?? []
            comments += nodes.count
            for comment in nodes {
                if let author = comment["author"] as? [String: Any], let id = author["id"] as? String {
                    authorIDs.insert(id)
                    authorOccurrences += 1
                }
            }
        }
        #expect(authorOccurrences > authorIDs.count, "the response must repeat authors for this test to mean anything")
        // QUERY_ROOT, the repository, its issue connection, each issue and its comment connection, each comment, and
        // each distinct author once.
        let expected = 1 + 1 + 1 + issues.count * 2 + comments + authorIDs.count
        #expect(records.count == expected)
        for id in authorIDs {
            #expect(records[CacheKey("User:\(id)")] != nil || records.keys.contains { $0.rawValue.hasSuffix(":\(id)") })
        }
    }

    @Test(
        "reading a query back from the cache equals the network decode",
        arguments: [issuesPath, "github/responses/IssuesAndCommentsForRepository-x25.json"])
    func readBackEqualsNetworkDecode(path: String) throws {
        let data = try CorpusFiles.responseData(path)
        let store = CacheStore()
        let query = IssuesAndCommentsForRepositoryQuery()
        let (network, records) = try store.decode(query, data: data)
        try store.publish(records)
        let cached = try store.read(query)
        #expect(cached == network)
        let firstIssue = try #require(cached.repository?.issues.nodes?.first ?? nil, "no issues")
        #expect(firstIssue.title == network.repository?.issues.nodes?.first??.title)
    }

    @Test("fragments and type cases are stored once and read back through the generated types")
    func fragmentsAndTypeCases() throws {
        let store = CacheStore()
        let query = HeroDetailsWithFragmentQuery(episode: .some(.known(.jedi)))
        let data = JSONObject(
            json: #"{"hero": {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}}"#)
        let (network, records) = try store.decode(query, data: data)
        try store.publish(records)
        let cached = try store.read(query)
        #expect(cached == network)
        let hero = try #require(cached.hero)
        #expect(hero.fragments.heroDetails.asDroid?.primaryFunction == "Astromech")
        #expect(hero.fragments.heroDetails.asHuman == nil)
        let heroKey = CacheKey(#"QUERY_ROOT.hero(episode:"JEDI")"#)
        #expect(try store.record(for: heroKey)?["primaryFunction"] == .value(.string("Astromech")))
    }

    @Test("the same field with other arguments is another value; aliases do not matter")
    func argumentsMakeStorageKeys() throws {
        let store = CacheStore()
        for (episode, name) in [(StarWarsAPI.Episode.empire, "Luke Skywalker"), (.jedi, "R2-D2")] {
            let query = HeroNameWithIDQuery(episode: .some(.known(episode)))
            let id = name == "R2-D2" ? "2001" : "1000"
            let typename = name == "R2-D2" ? "Droid" : "Human"
            let data = JSONObject(
                json: #"{"hero": {"__typename": "\#(typename)", "id": "\#(id)", "name": "\#(name)"}}"#)
            try store.publish(try store.decode(query, data: data).records)
        }
        #expect(try store.read(HeroNameWithIDQuery(episode: .some(.known(.empire)))).hero?.name == "Luke Skywalker")
        #expect(try store.read(HeroNameWithIDQuery(episode: .some(.known(.jedi)))).hero?.name == "R2-D2")
        let root = try #require(try store.record(for: .queryRoot))
        #expect(root[#"hero(episode:"JEDI")"#] == .reference("Droid:2001"))
        #expect(root[#"hero(episode:"EMPIRE")"#] == .reference("Human:1000"))
    }

    @Test("a partial miss names the record, the field and the path")
    func partialMissIsExact() throws {
        let store = CacheStore()
        let data = JSONObject(json: #"{"hero": {"__typename": "Human", "id": "1000", "name": "Luke Skywalker"}}"#)
        try store.publish(try store.decode(HeroNameWithIDQuery(), data: data).records)
        // Same hero, but this query also wants friends, which were never fetched.
        #expect {
            try store.read(HeroAndFriendsNamesWithIDsQuery())
        } throws: { error in
            guard let error = error as? CacheError else { return false }
            return error.code == .missingField && error.key == "Human:1000" && error.field == "friends"
                && error.path == ["hero", "friends"] && error.isMiss
        }
        // A query that was never written misses its root field.
        #expect {
            try store.read(HumanQuery(id: "1000"))
        } throws: { error in
            (error as? CacheError)?.code == .missingField && (error as? CacheError)?.field == #"human(id:"1000")"#
        }
    }

    @Test("fields under @include are stored and read only when included")
    func conditionalFields() throws {
        let store = CacheStore()
        let data = JSONObject(json: #"{"hero": {"__typename": "Human"}}"#)
        try store.publish(try store.decode(HeroNameConditionalInclusionQuery(includeName: false), data: data).records)
        let hero = try #require(try store.read(HeroNameConditionalInclusionQuery(includeName: false)).hero)
        #expect(hero.name == nil)
        #expect(throws: CacheError.self) { try store.read(HeroNameConditionalInclusionQuery(includeName: true)) }
    }

    @Test("a field skipped once and included once is selected: decoded, stored and read back whenever either says so")
    func fieldUnderEitherCondition() throws {
        // `name @skip(if: $skipName) name @include(if: $includeName)`: every combination but skip-and-not-include
        // selects the name.
        for (skipName, includeName) in [(true, true), (false, false), (false, true), (true, false)] {
            let selected = !skipName || includeName
            let query = HeroNameConditionalBothSeparateQuery(skipName: skipName, includeName: includeName)
            let hero: JSONObject = selected ? ["__typename": "Human", "name": "Luke"] : ["__typename": "Human"]
            let store = CacheStore()
            let decoded = try store.decode(query, data: ["hero": .object(hero)])
            #expect(decoded.data.hero?.name == (selected ? "Luke" : nil), "skip \(skipName), include \(includeName)")
            try store.publish(decoded.records)
            #expect(
                try store.read(query).hero?.name == (selected ? "Luke" : nil),
                "skip \(skipName), include \(includeName)")
        }
    }

    @Test(
        "records survive their storage form: references, lists, nulls, Int64 above 2^53, numbers kept as text, JSON values, expiry"
    )
    func recordStorageRoundTrip() throws {
        let record = Record(
            key: "User:1",
            fields: [
                "big": .value(.int(9_007_199_254_740_993)), "friends": .list([.reference("User:2"), .null]),
                "matrix": .list([.list([.reference("A:1")])]), "json": .value(.object(["$ref": .string("not a ref")])),
                "tags": .value(.array([.string("a")])), "none": .null,
                "price": .value(.numberText("12345678901234567890.0123456789")),
                "views": .list([.value(.numberText("18446744073709551615"))]),
            ],
            expirations: ["big": Date(timeIntervalSince1970: 1_800_000_000)])
        let restored = try #require(Record(key: "User:1", storageJSON: record.storageJSON))
        #expect(restored == record)
        // As the storage JSON's text, the way earlier SQLite rows hold it.
        let text = JSONWriter().write(.object(record.storageJSON))
        let reread = try #require(try JSONReader().read(text).objectValue)
        #expect(Record(key: "User:1", storageJSON: reread) == record)
        #expect(Record(key: "X", storageJSON: ["fields": .object(["f": .object(["bad": .null])])]) == nil)
    }
}
