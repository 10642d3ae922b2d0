import APICoreKit
import DemoServerKit
import Foundation
import Testing

/// The demo server's `productPage` connection and its multipart uploads, over real HTTP on loopback.
@Suite("DemoServer: pages and uploads")
struct DemoUploadAndPageTests {
    struct Page: Decodable, Sendable {
        struct Connection: Decodable, Sendable {
            struct Edge: Decodable, Sendable {
                var cursor: String
                var node: DemoProduct
            }
            struct PageInfo: Decodable, Sendable {
                var hasNextPage: Bool
                var hasPreviousPage: Bool
                var startCursor: String?
                var endCursor: String?
            }
            var edges: [Edge]
            var pageInfo: PageInfo
        }
        var productPage: Connection
    }

    struct Uploaded: Decodable, Sendable {
        var uploadAvatar: DemoUser?
    }

    static let pageDocument = """
        query Page($first: Int!, $after: String, $category: ProductCategory) {
          productPage(first: $first, after: $after, category: $category) {
            edges { cursor node { id name category priceCents inStock } }
            pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          }
        }
        """
    static let uploadDocument = """
        mutation Upload($id: ID!, $file: Upload!) {
          uploadAvatar(userId: $id, file: $file) { id name email role createdAt avatar { fileName contentType byteCount sha256 } }
        }
        """

    @Test("pages follow each other by cursor to the end, filtered by category; an unknown cursor is an error")
    func pages() async throws {
        try await DemoServerTests.withServer { _, client in
            var cursor: String?
            var ids: [String] = []
            var pages = 0
            repeat {
                let variables: JSONObject = ["first": 3, "after": cursor.map(JSONValue.string) ?? .null]
                let page = try await client.execute(document: Self.pageDocument, variables: variables, as: Page.self)
                let connection = page.value.productPage
                ids += connection.edges.map(\.node.id)
                #expect(connection.edges.map(\.cursor) == connection.edges.map(\.node.id))
                #expect(connection.pageInfo.endCursor == connection.edges.last?.cursor)
                #expect(connection.pageInfo.hasPreviousPage == (pages > 0))
                cursor = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : nil
                pages += 1
            } while cursor != nil
            #expect(ids == DemoStore.seedProducts.map(\.id))
            #expect(pages == 2)

            let electronics = try await client.execute(
                document: Self.pageDocument, variables: ["first": 5, "category": "ELECTRONICS"],
                as: Page.self)
            #expect(electronics.value.productPage.edges.map(\.node.id) == ["p2", "p4"])
            #expect(!electronics.value.productPage.pageInfo.hasNextPage)

            await #expect(throws: APIError.self) {
                _ = try await client.execute(
                    document: Self.pageDocument, variables: ["first": 3, "after": "nope"],
                    as: Page.self)
            }
        }
    }

    @Test("one file at two paths fills both; the digest, size and name the server reports are ours")
    func mappedPaths() async throws {
        try await DemoServerTests.withServer { server, client in
            let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
            let file = GraphQLFile(data: bytes, fileName: "a \"b\"; c.png", contentType: "image/png")
            // The same file at two paths: the client sends it once, and the server fills both paths from it.
            let response = try await client.execute(
                document: """
                    mutation Two($id: ID!, $first: Upload!, $second: Upload!) {
                      one: uploadAvatar(userId: $id, file: $first) { id }
                      two: uploadAvatar(userId: $id, file: $second) { id avatar { fileName contentType byteCount sha256 } }
                    }
                    """,
                variables: ["id": "u2", "first": .null, "second": .null],
                files: [
                    GraphQLFileUpload(path: "variables.first", file: file),
                    GraphQLFileUpload(path: "variables.second", file: file),
                ],
                as: TwoUploads.self)
            #expect(response.errors.isEmpty)
            #expect(response.value.one?.id == "u2")
            let avatar = try #require(response.value.two?.avatar)
            #expect(avatar.byteCount == bytes.count)
            #expect(avatar.sha256 == GraphQLSHA256.hexDigest(of: [UInt8](bytes)))
            // A double quote in a file name travels percent-encoded, as browsers send it.
            #expect(avatar.fileName == "a %22b%22; c.png")
            #expect(server.store.user(id: "u2")?.avatar?.sha256 == avatar.sha256)
        }
    }

    struct TwoUploads: Decodable, Sendable {
        struct User: Decodable, Sendable {
            var id: String
            var avatar: DemoAvatar?
        }
        var one: User?
        var two: User?
    }

    /// A raw multipart body: `operations`, `map`, then the given file parts, each `(name, content)`.
    static func body(operations: String, map: String?, files: [(String, String)], boundary: String) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations)\r\n"
        if let map { text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n\(map)\r\n" }
        for (name, content) in files {
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"f.txt\"\r\n"
            text += "Content-Type: text/plain\r\n\r\n\(content)\r\n"
        }
        return Data((text + "--\(boundary)--\r\n").utf8)
    }

    @Test(
        "a malformed multipart request is a 400 naming what is wrong, and changes nothing",
        arguments: [
            ("no map", nil, [("0", "x")], "no `map` part"),
            ("missing part", #"{"0": ["variables.file"]}"#, [], "which the body does not hold"),
            ("outside variables", #"{"0": ["query"]}"#, [("0", "x")], "is not under `variables`"),
            ("not null", #"{"0": ["variables.id"]}"#, [("0", "x")], "variables.id\\\" is not null"),
            ("no such path", #"{"0": ["variables.files.3"]}"#, [("0", "x")], "has no value at"),
            ("bad map", #"["variables.file"]"#, [("0", "x")], "`map` must be a JSON object"),
        ] as [(String, String?, [(String, String)], String)])
    func malformed(name: String, map: String?, files: [(String, String)], reason: String) async throws {
        try await DemoServerTests.withServer { server, client in
            let operations =
                #"{"query": "mutation($id: ID!, $file: Upload!) { uploadAvatar(userId: $id, file: $file) { id } }", "variables": {"id": "u1", "file": null}}"#
            let boundary = "b0undary-\(name.count)"
            var headers = HTTPHeaders()
            headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
            let response = try await client.configuration.transport.send(
                HTTPRequest(
                    method: .post, url: URL(string: server.graphQLURL)!, headers: headers,
                    body: Self.body(operations: operations, map: map, files: files, boundary: boundary),
                    operationName: "Upload", kind: .graphQL(.mutation)))
            #expect(response.statusCode == 400)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("Invalid multipart request: ") && text.contains(reason), "\(text)")
            let user = try #require(server.store.user(id: "u1"))
            #expect(user.avatar == nil)
        }
    }

    @Test(
        "a preamble that mentions the boundary, padding after a delimiter and an empty file are read as RFC 2046 says")
    func lenientFraming() async throws {
        try await DemoServerTests.withServer { server, client in
            let boundary = "b0undary"
            let operations =
                #"{"query": "mutation($file: Upload!) { uploadAvatar(userId: \"u3\", file: $file) { id } }", "#
                + #""variables": {"file": null}}"#
            var text = "a preamble, not a delimiter: x--\(boundary)\r\n"
            text += "--\(boundary) \t\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations)\r\n"
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n"
            text += #"{"0": ["variables.file"]}"# + "\r\n"
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"empty.png\"\r\n"
            text += "Content-Type: image/png\r\n\r\n\r\n--\(boundary)--\r\n"
            var headers = HTTPHeaders()
            headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
            let response = try await client.configuration.transport.send(
                HTTPRequest(
                    method: .post, url: URL(string: server.graphQLURL)!, headers: headers, body: Data(text.utf8),
                    operationName: "Upload", kind: .graphQL(.mutation)))
            #expect(response.statusCode == 200, "\(String(decoding: response.body, as: UTF8.self))")
            let avatar = try #require(server.store.user(id: "u3")?.avatar)
            #expect(avatar.fileName == "empty.png" && avatar.byteCount == 0)
            #expect(avatar.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        }
    }

    @Test("an Upload variable in a plain JSON body, or written in the document, is a GraphQL error")
    func uploadOutsideMultipart() async throws {
        try await DemoServerTests.withServer { server, client in
            await #expect(throws: APIError.self) {
                _ = try await client.execute(
                    document: Self.uploadDocument,
                    variables: [
                        "id": "u1",
                        "file": .object([
                            "fileName": "x", "contentType": "image/png", "byteCount": 1, "sha256": "00",
                            "receipt": "guess",
                        ]),
                    ],
                    as: Uploaded.self)
            }
            await #expect(throws: APIError.self) {
                _ = try await client.execute(
                    document: #"mutation { uploadAvatar(userId: "u1", file: "x") { id } }"#, as: Uploaded.self)
            }
            let user = try #require(server.store.user(id: "u1"))
            #expect(user.avatar == nil)
        }
    }
}
