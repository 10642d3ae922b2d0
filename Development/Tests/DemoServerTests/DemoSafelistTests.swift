import APICoreKit
import DemoServerKit
import Foundation
import Testing

/// The demo server's persisted-query safelist: loading a manifest, running listed ids and documents, refusing the
/// rest; driven by `APIClient` over loopback HTTP.
@Suite("DemoServer safelist")
struct DemoSafelistTests {
    struct UserData: Decodable, Sendable {
        var user: DemoUser?
    }

    static let listedDocument = "query User($id: ID!) { user(id: $id) { id name email role createdAt } }"
    static let unlistedDocument = "query UserName($id: ID!) { user(id: $id) { name } }"

    /// A manifest in Apollo's format listing `documents`, each under the SHA-256 of its text.
    static func manifest(listing documents: [String]) throws -> Data {
        let operations = documents.map { document in
            ["id": GraphQLSHA256.hexDigest(of: document), "body": document, "name": "User", "type": "query"]
        }
        let manifest: [String: Any] = [
            "format": "apollo-persisted-query-manifest", "version": 1, "operations": operations,
        ]
        return try JSONSerialization.data(withJSONObject: manifest)
    }

    /// Writes `contents` to a file of its own, runs `body` with its location, and removes it.
    static func withFile(_ contents: Data, _ body: (URL) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID()).json")
        try contents.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await body(file)
    }

    /// Runs `body` against a server with `manifest` as its safelist (none when `nil`), and stops the server.
    static func withServer(
        manifest: Data?,
        refusesUnlistedDocuments: Bool = false,
        _ body: (RunningDemoServer, APIClient) async throws -> Void
    ) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID()).json")
        if let manifest { try manifest.write(to: file) }
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await DemoServer.start(
            port: 0, safelistManifest: manifest == nil ? nil : file, refusesUnlistedDocuments: refusesUnlistedDocuments)
        let client = APIClient(url: URL(string: server.graphQLURL)!)
        do {
            try await body(server, client)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test(
        "a manifest that is not Apollo's persisted-query format fails the server's start, naming the file and the fault",
        arguments: [
            ("{\"format\": ", "it is not valid JSON"),
            ("[]", "its top level is not a JSON object"),
            (#"{"format": "persisted-query-manifest", "version": 1, "operations": []}"#, "its \"format\" is not"),
            (#"{"format": "apollo-persisted-query-manifest", "version": 2, "operations": []}"#, "\"version\" is not 1"),
            (#"{"format": "apollo-persisted-query-manifest", "version": 1}"#, "no \"operations\" array"),
            (
                #"{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "a"}]}"#,
                "operations[0] is not an object with a string \"id\" and \"body\""
            ),
        ])
    func malformedManifest(contents: String, fault: String) async throws {
        try await Self.withFile(Data(contents.utf8)) { file in
            let error = await #expect(throws: DemoServerError.self) {
                _ = try await DemoServer.start(port: 0, safelistManifest: file)
            }
            guard case .invalidSafelist(let path, let reason) = error else {
                Issue.record("expected invalidSafelist, got \(String(describing: error))")
                return
            }
            #expect(path == file.path)
            #expect(reason.contains(fault))
            #expect(error?.description.contains(file.path) == true)
        }
    }

    @Test("a manifest file that does not exist fails the server's start, naming the file")
    func missingManifest() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID()).json")
        let error = await #expect(throws: DemoServerError.self) {
            _ = try await DemoServer.start(port: 0, safelistManifest: file)
        }
        #expect(error?.description.contains(file.path) == true)
        #expect(error?.description.contains("cannot be read") == true)
    }

    @Test("a hand-written document sent ID-only runs by the SHA-256 of its text")
    func handWrittenIdentifierOnly() async throws {
        try await Self.withServer(manifest: try Self.manifest(listing: [Self.listedDocument])) { server, client in
            let response = try await client.execute(
                document: Self.listedDocument, variables: JSONObject(variables: ["id": "u3"]), as: UserData.self,
                options: RequestOptions(persistedQueryMode: .identifierOnly))
            #expect(response.value.user == server.store.user(id: "u3"))
            let received = server.receivedGraphQLRequests
            #expect(received.map(\.hasDocument) == [false])
            #expect(received.map(\.persistedQueryID) == [GraphQLSHA256.hexDigest(of: Self.listedDocument)])
        }
    }

    @Test("a server refusing unlisted documents runs a listed document and refuses another with 403")
    func refusesUnlistedDocuments() async throws {
        let manifest = try Self.manifest(listing: [Self.listedDocument])
        try await Self.withServer(manifest: manifest, refusesUnlistedDocuments: true) { server, client in
            let variables = JSONObject(variables: ["id": "u1"])
            let listed = try await client.execute(
                document: Self.listedDocument, variables: variables, as: UserData.self)
            #expect(listed.value.user == server.store.user(id: "u1"))
            let error = await #expect(throws: APIError.self) {
                try await client.execute(document: Self.unlistedDocument, variables: variables, as: UserData.self)
            }
            #expect(error?.code == .graphQL)
            #expect(error?.statusCode == 403)
            #expect(error?.graphQLErrors.first?.code == "QUERY_NOT_IN_SAFELIST")
        }
    }

    @Test("without a safelist, an ID-only request fails as not supported and the document is not sent after it")
    func identifierOnlyWithoutSafelist() async throws {
        try await Self.withServer(manifest: nil) { server, client in
            let error = await #expect(throws: APIError.self) {
                try await client.execute(
                    document: Self.listedDocument, variables: JSONObject(variables: ["id": "u1"]), as: UserData.self,
                    options: RequestOptions(persistedQueryMode: .identifierOnly))
            }
            #expect(error?.code == .graphQL)
            #expect(error?.graphQLErrors.first?.code == "PERSISTED_QUERY_NOT_SUPPORTED")
            #expect(error?.description.contains("does not do persisted queries") == true)
            #expect(server.receivedGraphQLRequests.map(\.hasDocument) == [false])
        }
    }
}
