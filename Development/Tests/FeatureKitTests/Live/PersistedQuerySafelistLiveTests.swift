import APICoreCodegen
import APICoreKit
import APICoreTestSupport
import DemoServerKit
import Foundation
import ProductKit
import Testing
import UserKit

/// ID-only persisted queries against the demo server holding, as its safelist, the manifest that the code generator
/// writes for the kits' operations: over real HTTP on loopback, through `APIClient`.
@Suite("ID-only persisted queries against a safelist", .cpuBound, .timeLimit(.minutes(10)))
struct PersistedQuerySafelistLiveTests {
    /// The package root: this file is `<root>/Tests/FeatureKitTests/Live/PersistedQuerySafelistLiveTests.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Writes the persisted-query manifest of the named kits' operations (`UserKit`, `ProductKit`) into `folder`, as
    /// `apicore generate` does with `output.operationManifest`, and returns its location.
    static func generateManifest(kits: [String], in folder: URL) throws -> URL {
        let manifest = folder.appendingPathComponent("persisted-queries.json")
        let configuration = CodegenConfiguration(
            schemaNamespace: "DemoAPI", schemaSearchPaths: ["Examples/Schema/app.graphqls"],
            operationSearchPaths: kits.map { "Examples/\($0)/GraphQL/Operations/*.graphql" }, schemaTypesPath: nil,
            operationsPath: nil, operationManifest: CodegenConfiguration.OperationManifestOptions(path: manifest.path),
            baseDirectory: root.path)
        let files = try CodeGenerator().generate(configuration: configuration)
        #expect(files.map(\.path) == [manifest.path])
        for file in files { try Data(file.contents.utf8).write(to: URL(fileURLWithPath: file.path)) }
        return manifest
    }

    /// Runs `body` with a demo server whose safelist is the manifest of `kits`, and stops it afterwards.
    static func withSafelistServer(
        kits: [String] = ["UserKit", "ProductKit"],
        refusesUnlistedDocuments: Bool = true,
        _ body: (RunningDemoServer, URL) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("safelist-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try generateManifest(kits: kits, in: folder)
        let server = try await DemoServer.start(
            port: 0, safelistManifest: manifest, refusesUnlistedDocuments: refusesUnlistedDocuments)
        do {
            try await body(server, manifest)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    static func client(
        for server: RunningDemoServer,
        persistedQueries: PersistedQueriesConfiguration? = PersistedQueriesConfiguration(mode: .identifierOnly),
        clientAwareness: ClientAwareness? = nil
    ) -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: server.graphQLURL)!, transport: TestTransport.platform.make(),
                persistedQueries: persistedQueries,
                clientAwareness: clientAwareness))
    }

    @Test(
        "ID-only queries by POST and by GET and an ID-only mutation get their data, and the server never sees a document"
    )
    func identifierOnlyRequests() async throws {
        try await Self.withSafelistServer { server, manifest in
            // The generated manifest lists exactly the ids the kits' generated operations send.
            let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any]
            let ids = Set((listed?["operations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            #expect(ids.contains(try #require(UserProfileQuery.operationIdentifier)))
            #expect(ids.contains(try #require(ProductDetailQuery.operationIdentifier)))
            #expect(ids.contains(try #require(UpdateProductPriceMutation.operationIdentifier)))

            let posting = Self.client(for: server)
            let posted = try await posting.execute(UserProfileQuery(id: "u1"))
            #expect(posted.value.user?.fragments.userFields.name == server.store.user(id: "u1")?.name)

            let getting = Self.client(
                for: server,
                persistedQueries: PersistedQueriesConfiguration(mode: .identifierOnly, usesGETForHashedQueries: true))
            let fetched = try await getting.execute(ProductDetailQuery(id: "p4"))
            #expect(fetched.value.product?.fragments.productFields.priceCents == 5_000_000_000)

            let changed = try await getting.execute(UpdateProductPriceMutation(id: "p1", priceCents: 1234))
            #expect(changed.value.updateProductPrice?.fragments.productFields.priceCents == 1234)
            #expect(server.store.product(id: "p1")?.priceCents == 1234)

            let received = server.receivedGraphQLRequests
            #expect(received.map(\.method) == ["POST", "GET", "POST"])
            #expect(
                received.map(\.persistedQueryID) == [
                    UserProfileQuery.operationIdentifier, ProductDetailQuery.operationIdentifier,
                    UpdateProductPriceMutation.operationIdentifier,
                ])
            #expect(received.allSatisfy { !$0.hasDocument })
        }
    }

    @Test("an id the server does not know fails with persistedQueryNotFound naming the operation and the id, once")
    func unknownIdentifier() async throws {
        // The safelist holds ProductKit's operations only.
        try await Self.withSafelistServer(kits: ["ProductKit"]) { server, _ in
            let client = Self.client(for: server)
            let id = try #require(UserProfileQuery.operationIdentifier)
            let error = await #expect(throws: APIError.self) { try await client.execute(UserProfileQuery(id: "u1")) }
            #expect(error?.code == .persistedQueryNotFound)
            #expect(error?.operationName == "UserProfile")
            #expect(error?.statusCode == 404)
            #expect(error?.graphQLErrors.first?.code == "PERSISTED_QUERY_NOT_FOUND")
            #expect(error?.description.contains("'UserProfile'") == true)
            #expect(error?.description.contains(id) == true)
            // No retry with the document: the server saw one request, without it.
            #expect(server.receivedGraphQLRequests.map(\.hasDocument) == [false])
        }
    }

    @Test("the client's name and version reach the server in Apollo's client-awareness header fields")
    func clientAwarenessHeaders() async throws {
        try await Self.withSafelistServer { server, _ in
            let client = Self.client(for: server, clientAwareness: ClientAwareness(name: "demo-ios", version: "2.4.1"))
            _ = try await client.execute(UserProfileQuery(id: "u2"))
            _ = try await client.execute(ProductDetailQuery(id: "p2"), options: RequestOptions(queryMethod: .get))
            let received = server.receivedGraphQLRequests
            #expect(received.map(\.method) == ["POST", "GET"])
            #expect(received.map(\.clientName) == ["demo-ios", "demo-ios"])
            #expect(received.map(\.clientVersion) == ["2.4.1", "2.4.1"])

            let unnamed = Self.client(for: server)
            _ = try await unnamed.execute(UserProfileQuery(id: "u2"))
            #expect(server.receivedGraphQLRequests.last?.clientName == nil)
        }
    }

    @Test(
        "a request option sends one call ID-only from a client without persisted queries, or one document from an ID-only client"
    )
    func requestOptionOverride() async throws {
        try await Self.withSafelistServer(refusesUnlistedDocuments: false) { server, _ in
            let plain = Self.client(for: server, persistedQueries: nil)
            let identified = try await plain.execute(
                UserProfileQuery(id: "u1"), options: RequestOptions(persistedQueryMode: .identifierOnly))
            #expect(identified.value.user?.fragments.userFields.id == "u1")
            _ = try await plain.execute(UserProfileQuery(id: "u1"))

            let identifying = Self.client(for: server)
            let whole = try await identifying.execute(
                ProductDetailQuery(id: "p3"), options: RequestOptions(usesPersistedQueries: false))
            #expect(whole.value.product?.fragments.productFields.id == "p3")

            let received = server.receivedGraphQLRequests
            #expect(received.map(\.hasDocument) == [false, true, true])
            #expect(received.map(\.persistedQueryID) == [UserProfileQuery.operationIdentifier, nil, nil])
        }
    }

    @Test("an operation without an id fails with invalidRequest in ID-only mode, before anything is sent")
    func operationWithoutIdentifier() async throws {
        try await Self.withSafelistServer { server, _ in
            let client = Self.client(for: server)
            let error = await #expect(throws: APIError.self) {
                try await client.execute(UnidentifiedUserProfile(id: "u1"))
            }
            #expect(error?.code == .invalidRequest)
            #expect(error?.operationName == "UserProfile")
            #expect(error?.description.contains("persisted-query id") == true)
            #expect(server.receivedGraphQLRequests.isEmpty)
        }
    }
}

/// The kit's `UserProfile` query as a hand-written conformance without a persisted-query id.
private struct UnidentifiedUserProfile: GraphQLQuery {
    typealias Data = UserProfileQuery.Data
    static var operationName: String { UserProfileQuery.operationName }
    static var document: String { UserProfileQuery.document }
    var id: String
    var variables: JSONObject { UserProfileQuery(id: id).variables }
}
