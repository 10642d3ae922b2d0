import APICoreCache
import APICoreDynamic
import APICoreGraphQL
import APICoreKit
import APICoreTestSupport
import DemoServerKit
import Foundation
import Testing
import UserKit

/// Documents compiled against the demo app's schema, run on the demo server beside UserKit's generated operations.
@Suite("Dynamic operations on the demo server")
struct DemoServerDynamicTests {
    static func schema() throws -> GraphQLRuntimeSchema {
        try GraphQLRuntimeSchema(
            contentsOf: [RepositoryLayout.root.appendingPathComponent("Development/Examples/Schema/app.graphqls").path])
    }

    /// Every record of a store, by key.
    static func records(of store: CacheStore) throws -> [CacheKey: Record] {
        var records: [CacheKey: Record] = [:]
        try store.cache.forEachRecord { record, _ in records[record.key] = record }
        return records
    }

    /// A client of `server` with `store`, the demo schema and UserKit's type policies.
    static func client(_ server: RunningDemoServer, store: CacheStore, schema: GraphQLRuntimeSchema) -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: server.graphQLURL)!, transport: TestTransport.platform.make(),
                cache: store,
                schema: schema))
    }

    @Test("UserKit's document compiles to the generated operation's text and id, and writes the same records")
    func sameAsGenerated() async throws {
        let server = try await DemoServer.start(port: 0)
        do {
            let schema = try Self.schema()
            let compiled = try schema.compile(document: UserProfileQuery.document)
            #expect(compiled.name == UserProfileQuery.operationName)
            #expect(compiled.document == UserProfileQuery.document)
            #expect(compiled.operationIdentifier == UserProfileQuery.operationIdentifier)

            let generatedStore = CacheStore(keyResolver: CacheKeyResolver(typePolicies: UserAPI.typePolicies))
            let dynamicStore = CacheStore(keyResolver: CacheKeyResolver(typePolicies: schema.typePolicies))
            let generated = try await Self.client(server, store: generatedStore, schema: schema)
                .execute(UserProfileQuery(id: "u1"))
            let dynamic = try await Self.client(server, store: dynamicStore, schema: schema)
                .execute(document: UserProfileQuery.document, variables: ["id": "u1"])
            #expect(dynamic.value == generated.value.__data)
            let expected = try Self.records(of: generatedStore)
            #expect(expected.count >= 2)
            #expect(try Self.records(of: dynamicStore) == expected)
            try await server.stop()
        } catch {
            try await server.stop()
            throw error
        }
    }

    @Test("a watched document sees UserKit's generated mutation, and the generated query reads what both wrote")
    func watchUpdatedByGeneratedMutation() async throws {
        let server = try await DemoServer.start(port: 0)
        do {
            let store = CacheStore(keyResolver: CacheKeyResolver(typePolicies: UserAPI.typePolicies))
            let client = Self.client(server, store: store, schema: try Self.schema())
            let document = #"query Names { user(id: "u2") { id name email } }"#
            var watch = client.watch(document: document).makeAsyncIterator()
            let first = try await watch.next()?.get()
            #expect(first?.value["user"]?["name"] == "Alan Turing")
            #expect(first?.metadata.source == .network)

            _ = try await client.execute(
                UpdateUserMutation(id: "u2", input: UserAPI.UpdateUserInput(name: "Alan M. Turing")))
            let changed = try await watch.next()?.get()
            #expect(changed?.value["user"]?["name"] == "Alan M. Turing")
            #expect(changed?.metadata.source == .cache)

            // The document and the mutation's fragment wrote every field the generated query selects: it reads them.
            let profile = try await client.execute(UserProfileQuery(id: "u2"))
            #expect(profile.metadata.source == .cache)
            #expect(profile.value.user?.name == "Alan M. Turing")
            // And a document over the query's fields is answered from the cache too.
            let cached = try await client.execute(
                document: "query P($id: ID!) { user(id: $id) { id name role createdAt } }", variables: ["id": "u2"],
                options: RequestOptions(cachePolicy: .cacheOnly))
            #expect(cached.value["user"]?["role"] == .string(profile.value.user?.role.rawValue ?? ""))
            #expect(cached.value["user"]?["createdAt"] == .int(profile.value.user?.createdAt ?? 0))
            try await server.stop()
        } catch {
            try await server.stop()
            throw error
        }
    }

    @Test("one user under two aliases, one without its id: with key fields it is one record and reads back whole")
    func aliasesWithAndWithoutID() async throws {
        let server = try await DemoServer.start(port: 0)
        do {
            let document = """
                query Twice { first: user(id: "u1") { name } second: user(id: "u1") { id email } }
                """
            for addsKeyFields in [true, false] {
                let schema = try GraphQLRuntimeSchema(
                    schema: try Self.schema().schema, addsKeyFields: addsKeyFields)
                let store = CacheStore(keyResolver: CacheKeyResolver(typePolicies: schema.typePolicies))
                let client = Self.client(server, store: store, schema: schema)
                let network = try await client.execute(
                    document: document, options: RequestOptions(cachePolicy: .networkOnly))
                var read: JSONObject?
                do {
                    read = try await client.execute(
                        document: document, options: RequestOptions(cachePolicy: .cacheOnly)
                    ).value
                } catch {
                    read = nil
                }
                if addsKeyFields {
                    // Both aliases point at `User:u1`, which holds every field either selected.
                    #expect(read == network.value)
                    #expect(try Self.records(of: store).keys.filter { $0.rawValue.hasPrefix("User:") } == ["User:u1"])
                } else {
                    // As written, the first alias's user is stored under its path, and the field points at `User:u1`
                    // (written last), which has no name: the read misses.
                    #expect(read == nil)
                }
            }
            try await server.stop()
        } catch {
            try await server.stop()
            throw error
        }
    }
}
