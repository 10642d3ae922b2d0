import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// File uploads by the GraphQL multipart request spec, against strawberry and ariadne on both transports: the server
/// reports the name, content type, size and SHA-256 of what it read, which must be what was sent.
@Suite("Uploads")
struct UploadTests {
    static let implementations: [ReferenceServer.Implementation] = [.strawberry, .ariadne]

    func live(_ implementation: ReferenceServer.Implementation, _ transport: TestTransport) async throws -> LiveClient {
        switch implementation {
        case .strawberry: try await LiveClient.strawberry(transport: transport)
        case .ariadne: try await LiveClient.ariadne(transport: transport)
        }
    }

    @Test("one file from memory arrives whole", arguments: TestTransport.allCases, implementations)
    func oneFile(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let recorder = RequestRecorder()
        let client = try await live(implementation, transport).client(interceptors: [recorder])
        let bytes = Data("hello, multipart\n".utf8)
        let file = GraphQLFile(data: bytes, fileName: "hello.txt", contentType: "text/plain")
        let response = try await client.execute(UploadFileMutation(file: file))
        let read = response.value.uploadFile
        #expect(read.filename == "hello.txt")
        #expect(read.contentType == "text/plain")
        #expect(read.size == bytes.count)
        #expect(read.sha256 == bytes.sha256)

        let request = try #require(recorder.requests.first)
        #expect(request.method == .post)
        #expect(request.body == nil)
        let body = try UploadedBody(request)
        #expect(body.parts.map(\.name) == ["operations", "map", "0"])
        #expect(try body.map == ["0": ["variables.file"]])
        #expect(try body.operations["variables"] == ["file": .null])
    }

    @Test("two files in a list, one from disk, arrive in order", arguments: TestTransport.allCases, implementations)
    func twoFiles(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let files = try UploadFiles()
        let disk = try files.make("photo.png", size: 300_000, seed: 7)
        let memory = Data("second".utf8)
        let client = try await live(implementation, transport).client()
        let response = try await client.execute(
            UploadFilesMutation(files: [
                GraphQLFile(url: disk.url),
                GraphQLFile(data: memory, fileName: "notes.md", contentType: "text/markdown"),
            ]))
        let read = response.value.uploadFiles
        #expect(read.map(\.filename) == ["photo.png", "notes.md"])
        #expect(read.map(\.contentType) == ["image/png", "text/markdown"])
        #expect(read.map(\.size) == [disk.bytes.count, memory.count])
        #expect(read.map(\.sha256) == [disk.bytes.sha256, memory.sha256])
    }

    @Test("a file nested in an input object arrives at its field", arguments: TestTransport.allCases, implementations)
    func nestedFile(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let files = try UploadFiles()
        let avatar = try files.make("avatar.jpg", size: 70_001, seed: 3)
        let recorder = RequestRecorder()
        let client = try await live(implementation, transport).client(interceptors: [recorder])
        let response = try await client.execute(
            UploadProfileMutation(input: .init(name: "Ada", avatar: .some(GraphQLFile(url: avatar.url)))))
        #expect(response.value.uploadProfile.name == "Ada")
        let read = try #require(response.value.uploadProfile.avatar)
        #expect(read.filename == "avatar.jpg")
        #expect(read.contentType == "image/jpeg")
        #expect(read.size == avatar.bytes.count)
        #expect(read.sha256 == avatar.bytes.sha256)
        let body = try UploadedBody(try #require(recorder.requests.first))
        #expect(try body.map == ["0": ["variables.input.avatar"]])
        #expect(try body.operations["variables"] == ["input": ["name": "Ada", "avatar": .null]])

        let without = try await client.execute(UploadProfileMutation(input: .init(name: "Grace")))
        #expect(without.value.uploadProfile.avatar == nil)
    }

    @Test(
        "the same file twice is one part mapped to both paths, and the server reads it at both",
        arguments: TestTransport.allCases, implementations)
    func sameFileTwice(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let files = try UploadFiles()
        let disk = try files.make("twice.bin", size: 123_457, seed: 9)
        let recorder = RequestRecorder()
        let client = try await live(implementation, transport).client(interceptors: [recorder])
        let file = GraphQLFile(url: disk.url)
        let response = try await client.execute(UploadFilesMutation(files: [file, file]))
        #expect(response.value.uploadFiles.map(\.sha256) == [disk.bytes.sha256, disk.bytes.sha256])
        #expect(response.value.uploadFiles.map(\.size) == [disk.bytes.count, disk.bytes.count])

        let body = try UploadedBody(try #require(recorder.requests.first))
        #expect(try body.map == ["0": ["variables.files.0", "variables.files.1"]])
        #expect(body.files.count == 1)
        #expect(body.files.first?.content == disk.bytes)
        #expect(try body.operations["variables"] == ["files": [.null, .null]])
    }

    @Test("progress rises to the file's size, and ends with the call", arguments: TestTransport.allCases)
    func progress(transport: TestTransport) async throws {
        let files = try UploadFiles()
        let disk = try files.make("progress.bin", size: 2_000_000, seed: 1)
        let client = try await live(.strawberry, transport).client()
        let upload = client.upload(UploadFileMutation(file: GraphQLFile(url: disk.url)))
        var events: [UploadProgress] = []
        // The sequence keeps only the latest event for a slow reader, so earlier ones (the first, 0) may be skipped.
        for await event in upload.progress { events.append(event) }
        let response = try await upload.response
        #expect(response.value.uploadFile.sha256 == disk.bytes.sha256)
        #expect(events.last == UploadProgress(bytesSent: disk.bytes.count, totalBytes: disk.bytes.count))
        #expect(events.last?.fractionCompleted == 1)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.bytesSent < $1.bytesSent })
        #expect(events.allSatisfy { $0.totalBytes == disk.bytes.count })
    }

    @Test(
        "the untyped API takes files by path and puts null there in the variables",
        arguments: TestTransport.allCases, implementations)
    func untyped(transport: TestTransport, implementation: ReferenceServer.Implementation) async throws {
        let first = Data("one".utf8)
        let second = Data("two!".utf8)
        let client = try await live(implementation, transport).client()
        let response = try await client.execute(
            document: """
                mutation Both($files: [Upload!]!, $input: ProfileInput!) {
                  uploadFiles(files: $files) { size sha256 }
                  uploadProfile(input: $input) { name avatar { filename size } }
                }
                """,
            variables: ["files": [.null, .null], "input": ["name": "Alan"]],
            files: [
                GraphQLFileUpload(path: "variables.files.0", file: GraphQLFile(data: first, fileName: "1.txt")),
                GraphQLFileUpload(path: "variables.files.1", file: GraphQLFile(data: second, fileName: "2.txt")),
                GraphQLFileUpload(path: "variables.input.avatar", file: GraphQLFile(data: first, fileName: "1.txt")),
            ],
            as: JSONValue.self)
        #expect(
            response.value["uploadFiles"] == [
                ["size": 3, "sha256": .string(first.sha256)], ["size": 4, "sha256": .string(second.sha256)],
            ])
        #expect(response.value["uploadProfile"] == ["name": "Alan", "avatar": ["filename": "1.txt", "size": 3]])
    }

    @Test(
        "a server with CSRF prevention takes an upload, which names its operation; without the header it refuses it",
        arguments: TestTransport.allCases)
    func csrfPrevention(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let bytes = Data("behind CSRF prevention\n".utf8)
        let file = GraphQLFile(data: bytes, fileName: "note.txt", contentType: "text/plain")
        let response = try await live.client(path: "/csrf-prevention/graphql").execute(UploadFileMutation(file: file))
        #expect(response.value.uploadFile.sha256 == bytes.sha256)
        #expect(try await live.stats().lastHeaders["x-apollo-operation-name"] == "UploadFile")

        let without = live.client(path: "/csrf-prevention/graphql") { $0.operationNameHeader = nil }
        let refused = await #expect(throws: APIError.self) {
            try await without.execute(UploadFileMutation(file: file))
        }
        #expect(refused?.statusCode == 400)
        // The server's GraphQL error says why, whichever way the 400 is classified.
        let body = refused?.responseBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let said = (refused?.graphQLErrors.map(\.message) ?? []) + [body]
        #expect(said.contains { $0.contains("cross-site request forgery") })
        #expect(try await live.stats().lastHeaders["x-apollo-operation-name"] == nil)
    }
}
