import APICoreKit
import APICoreTesting
import Foundation
import Testing

/// Uploads through `InMemoryTransport`: what a feature's test of a photo upload sees.
@Suite("InMemoryTransport: uploads read back")
struct RecordedUploadTests {
    struct Uploaded: Decodable, Sendable {
        struct Sent: Decodable, Sendable {
            var ok: Bool
        }
        var send: Sent
    }

    static let document = "mutation Send($photo: Upload!, $again: Upload!, $input: Post!) { send { ok } }"

    @Test("the streamed body is read to its end with progress, and the variables and files are recorded")
    func uploadRecorded() async throws {
        let transport = InMemoryTransport()
        transport.stub(operationName: "Send", .graphQL(data: ["send": .object(["ok": true])]))
        let client = Fixtures.client(on: transport)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-upload-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photoBytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 97) })
        let photoURL = folder.appendingPathComponent("photo.jpg")
        try photoBytes.write(to: photoURL)
        let photo = GraphQLFile(url: photoURL, contentType: "image/jpeg")
        let noteBytes = Data("a note; \r\n--with a line break".utf8)
        let note = GraphQLFile(data: noteBytes, fileName: "n; 1.txt", contentType: "text/plain")

        let upload = client.upload(
            document: Self.document, operationName: "Send",
            variables: ["photo": .null, "again": .null, "input": .object(["title": "Hi", "attachment": .null])],
            files: [
                GraphQLFileUpload(path: "variables.photo", file: photo),
                GraphQLFileUpload(path: "variables.again", file: photo),
                GraphQLFileUpload(path: "variables.input.attachment", file: note),
            ],
            as: Uploaded.self)
        var sent: [Int] = []
        for await event in upload.progress { sent.append(event.bytesSent) }
        #expect(try await upload.response.value.send.ok)
        let total = photoBytes.count + noteBytes.count
        #expect(sent.last == total && sent == sent.sorted())

        let recorded = try #require(transport.graphQLRequests.first)
        #expect(recorded.method == .post && recorded.operationName == "Send" && recorded.query == Self.document)
        #expect(recorded.variables["photo"] == .null && recorded.variables["input"]?.objectValue?["title"] == "Hi")
        #expect(recorded.files.count == 2)
        let recordedPhoto = try #require(recorded.files.first { $0.contentType == "image/jpeg" })
        #expect(recordedPhoto.paths == ["variables.photo", "variables.again"])
        #expect(recordedPhoto.fileName == "photo.jpg" && recordedPhoto.contents == photoBytes)
        let recordedNote = try #require(recorded.files.first { $0.contentType == "text/plain" })
        #expect(recordedNote.paths == ["variables.input.attachment"])
        #expect(recordedNote.fileName == "n; 1.txt")
        #expect(recordedNote.contents == noteBytes)
    }

    @Test("a file that shrinks after it was measured fails the upload, as on a real connection")
    func shrunkFileFails() async throws {
        let transport = InMemoryTransport()
        transport.stub(operationName: "Send", .graphQL(data: ["send": .object(["ok": true])]))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shrinking-\(UUID()).bin")
        try Data(count: 10_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = GraphQLFile(url: url)
        let shrinking = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: Fixtures.endpoint, transport: transport, interceptors: [ShrinkingInterceptor(url: url)]
            ))
        await #expect {
            _ = try await shrinking.execute(
                document: Self.document, operationName: "Send", variables: ["photo": .null],
                files: [GraphQLFileUpload(path: "variables.photo", file: file)], as: Uploaded.self)
        } throws: { error in
            (error as? APIError)?.code == .invalidRequest
        }
        #expect(transport.requests.count == 1 && transport.requests.first?.body == nil)
    }

    @Test("a streamed body that ends short of its announced length fails the call and is recorded without a body")
    func shortStreamFails() async throws {
        let transport = InMemoryTransport()
        var request = HTTPRequest(
            method: .post, url: Fixtures.endpoint, operationName: "Send", kind: .graphQL(.mutation))
        request.bodyStream = HTTPBodyStream(length: 100) { ShortReader(bytes: 60) }
        await #expect {
            _ = try await transport.send(request)
        } throws: { error in
            (error as? APIError)?.code == .network && "\(error)".contains("60 of its 100 bytes")
        }
        #expect(transport.requests.count == 1 && transport.requests.first?.body == nil)
    }
}

/// A body source that holds fewer bytes than its stream announces.
private final class ShortReader: HTTPBodyReader {
    private var remaining: Int

    init(bytes: Int) {
        remaining = bytes
    }

    func read(upTo maxLength: Int) throws -> Data {
        let count = min(maxLength, remaining)
        remaining -= count
        return Data(count: count)
    }

    func close() {}
}

/// Truncates a file once its request has been built, before the transport reads the body.
private struct ShrinkingInterceptor: APIInterceptor {
    let url: URL

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        try Data(count: 10).write(to: url)
        return try await next(request)
    }
}
