import APICoreCache
import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreJSON
import APICoreSQLite
import APICoreScalars
import Foundation
import Testing

/// `@cacheControl(maxAge:)` in a schema: generated into `typePolicies`, and obeyed by the normalized cache together
/// with a response's `Cache-Control: max-age`, the tighter winning.
@Suite("The schema's @cacheControl in generated code and the cache")
struct CacheControlGenerationTests {
    static let sdl = """
        type Query { items: [Item!]! node(id: ID!): Node other: Other! }
        interface Node @cacheControl(maxAge: 300) { id: ID! name: String @cacheControl(maxAge: 5) }
        type Item implements Node @cacheControl(maxAge: 60) {
          id: ID!
          name: String
          title: String! @cacheControl(maxAge: 10)
          price: Int @cacheControl(maxAge: 0)
        }
        type Other implements Node { id: ID! name: String @cacheControl(maxAge: 7) count: Int }
        """
    static let operations = "query Items { items { id title } other { id count } }"

    @Test("types and fields get their own times to live; objects take their interface's where they have none")
    func generatedTable() throws {
        let files = try GeneratorHarness.generate(sdl: Self.sdl, operations: Self.operations)
        let file = GeneratorHarness.file("Schema/TestAPI.graphql.swift", in: files)
        let table = [
            "\"Item\": 60,", "\"Item.name\": 5,", "\"Item.price\": 0,", "\"Item.title\": 10,", "\"Other\": 300,",
            "\"Other.name\": 7,",
        ]
        let expected =
            "static let typePolicies = GraphQLTypePolicies(\n    keyFields: [:],\n    maxAges: [\n"
            + table.map { "      " + $0 + "\n" }.joined() + "    ])"
        #expect(file.contains(expected), "\(file)")
    }

    @Test(
        "a maxAge that is not a number of seconds is an error at the directive",
        arguments: ["-1", "\"60\"", "1.5"])
    func badMaxAge(_ value: String) throws {
        let sdl = "type Query { item: Item }\ntype Item @cacheControl(maxAge: \(value)) { id: ID! }"
        let error = #expect(throws: CompilerError.self) {
            try GeneratorHarness.generate(sdl: sdl, operations: "query Q { item { id } }")
        }
        #expect(error?.diagnostics.contains { $0.rule == "CacheControl" && $0.locations.first?.line == 2 } == true)
    }

    @Test("a schema that declares the directive with Apollo Server's scope enum is read as well")
    func declaredDirective() throws {
        let sdl = """
            enum CacheControlScope { PUBLIC PRIVATE }
            directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean) \
            on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
            type Query { item: Item }
            type Item @cacheControl(maxAge: 90, scope: PRIVATE) { id: ID! }
            """
        let files = try GeneratorHarness.generate(sdl: sdl, operations: "query Q { item { id } }")
        #expect(GeneratorHarness.file("Schema/TestAPI.graphql.swift", in: files).contains(#""Item": 90,"#))
    }

    /// A `Users` response: one user, written at `clock`'s time with the response's `maxAge`.
    static func written(maxAge: Duration?, clock: Date, file: URL) throws -> Record {
        let sqlite = try SQLiteNormalizedCache(fileURL: file)
        defer { try? sqlite.close() }
        let store = CacheStore(
            cache: sqlite, keyResolver: CacheKeyResolver(typePolicies: BehaviourAPI.typePolicies), now: { clock })
        let data = try #require(
            try JSONReader().read(
                #"{"users": [{"__typename": "User", "id": "1", "role": "ADMIN", "followerCount": 3, "nickname": null}]}"#
            ).objectValue)
        try store.publish(try store.decode(UsersQuery(), data: data, maxAge: maxAge).records)
        return try #require(try sqlite.loadRecord("User:1"))
    }

    @Test(
        "the generated table and a response's max-age over a SQLite file: the tighter wins, field by field",
        arguments: [
            // (max-age, followerCount's time to live, the other fields')
            (nil, 30.0, 600.0), (120, 30, 120), (10, 10, 10), (1_000, 30, 600),
        ] as [(Int?, Double, Double)])
    func tighterWins(maxAge: Int?, followerCount: Double, others: Double) throws {
        #expect(BehaviourAPI.typePolicies.maxAges == ["User": 600, "User.followerCount": 30])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let record = try Self.written(
            maxAge: maxAge.map { .seconds($0) }, clock: now, file: folder.appendingPathComponent("cache.sqlite"))
        #expect(record.expirations["followerCount"] == now.addingTimeInterval(followerCount))
        for field in ["role", "nickname", "id"] {
            #expect(record.expirations[field] == now.addingTimeInterval(others), "\(field)")
        }
        #expect(record.writtenAt == now)
    }
}
