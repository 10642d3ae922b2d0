import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Files on the routes besides `execute`: an incremental execution uploads them; a subscription, which no transport can
/// send files with, is refused before anything is sent rather than sent with `null` where each file was.
@Suite("Uploads on other routes")
struct UploadRoutesTests {
    /// `Countdown` with a file among its variables, as a generated subscription with an `Upload` variable has.
    struct FileCountdownSubscription: GraphQLSubscription {
        typealias Data = CountdownSubscription.Data
        static let operationName = CountdownSubscription.operationName
        static let document = CountdownSubscription.document

        var file: GraphQLFile

        var variables: JSONObject {
            JSONObject(variables: ["from": 1, "intervalMs": 0, "file": file])
        }

        func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
            file.forEachFile(at: "variables.file", body)
        }
    }

    /// Any response at all: the calls below fail before one exists.
    struct AnyResponse: Decodable, Sendable {}

    @Test(
        "an operation executed incrementally uploads its files and reads the answer", arguments: TestTransport.allCases)
    func incremental(transport: TestTransport) async throws {
        let recorder = RequestRecorder()
        let client = try await LiveClient.strawberry(transport: transport).client(interceptors: [recorder])
        let bytes = Data("deferred, but the file goes now\n".utf8)
        let file = GraphQLFile(data: bytes, fileName: "note.txt", contentType: "text/plain")
        var responses: [APIResponse<UploadFileMutation.Data>] = []
        for try await response in client.executeIncrementally(UploadFileMutation(file: file)) {
            responses.append(response)
        }
        #expect(responses.count == 1)
        let read = try #require(responses.last).value.uploadFile
        #expect(read.filename == "note.txt")
        #expect(read.size == bytes.count)
        #expect(read.sha256 == bytes.sha256)
        let body = try UploadedBody(try #require(recorder.requests.first))
        #expect(body.parts.map(\.name) == ["operations", "map", "0"])
        #expect(try body.map == ["0": ["variables.file"]])
    }

    @Test(
        "a subscription holding a file fails with invalidRequest and sends nothing", arguments: TestTransport.allCases)
    func subscription(transport: TestTransport) async throws {
        let recorder = RequestRecorder()
        let client = try await LiveClient.strawberry(transport: transport).client(
            path: "/streaming/graphql", interceptors: [recorder]
        ) { configuration in
            configuration.subscriptionTransport = MultipartSubscriptionTransport(configuration: configuration)
        }
        let file = GraphQLFile(data: Data("x".utf8), fileName: "x.txt", contentType: "text/plain")
        await #expect {
            for try await _ in client.subscribe(FileCountdownSubscription(file: file)) {}
        } throws: { error in
            let error = error as? APIError
            return error?.code == .invalidRequest
                && error?.reason == "a subscription cannot upload files (variables.file): upload them with a mutation"
        }
        #expect(recorder.requests.isEmpty)
        // Without the file, the same subscription runs.
        var values: [Int] = []
        for try await event in client.subscribe(CountdownSubscription(from: 1)) { values.append(event.value.countdown) }
        #expect(values == [1, 0])
        // The recorder sits on this route: it saw that subscription, and only it.
        #expect(recorder.requests.count == 1)
    }

    @Test("a subscription document sent with files fails with invalidRequest and sends nothing")
    func subscriptionDocument() async throws {
        let recorder = RequestRecorder()
        let client = try await LiveClient.strawberry(transport: .platform).client(interceptors: [recorder])
        let upload = GraphQLFileUpload(
            path: "variables.file",
            file: GraphQLFile(data: Data("x".utf8), fileName: "x.txt", contentType: "text/plain"))
        await #expect {
            _ = try await client.execute(
                document: "subscription Countdown($file: Upload) { countdown(from: 1, intervalMs: 0) }",
                variables: ["file": .null], files: [upload], as: AnyResponse.self)
        } throws: { error in
            let error = error as? APIError
            return error?.code == .invalidRequest
                && error?.reason == "a subscription cannot upload files (variables.file): upload them with a mutation"
        }
        #expect(recorder.requests.isEmpty)
    }
}
