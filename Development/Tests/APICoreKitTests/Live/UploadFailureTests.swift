import APICoreKit
import APICoreTestSupport
import Foundation
import Logging
import Testing

/// Uploads that cannot go as asked: a missing file, a file that changes between attempts, GET and persisted queries.
@Suite("Upload failures")
struct UploadFailureTests {
    /// Sends the request through the rest of the chain, then does `between` and sends it again: a second attempt,
    /// as a retry or an auth refresh would make it.
    struct SendTwice: APIInterceptor {
        let between: @Sendable () throws -> Void

        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            _ = try await next(request)
            try between()
            var again = request
            again.attempt += 1
            return try await next(again)
        }
    }

    @Test("a file that does not exist fails the call before anything is sent", arguments: TestTransport.allCases)
    func missingFile(transport: TestTransport) async throws {
        let recorder = RequestRecorder()
        let client = try await LiveClient.strawberry(transport: transport).client(interceptors: [recorder])
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-missing-\(UUID()).png")
        await #expect {
            _ = try await client.execute(UploadFileMutation(file: GraphQLFile(url: missing)))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .invalidRequest && error?.reason == "the file for variables.file cannot be read"
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test(
        "a file that shrinks or disappears before another attempt fails that attempt with a typed error",
        arguments: TestTransport.allCases, ["shrinks", "disappears"])
    func fileChanges(transport: TestTransport, change: String) async throws {
        let files = try UploadFiles()
        let disk = try files.make("changing.bin", size: 200_000)
        let interceptor = SendTwice {
            if change == "shrinks" {
                try disk.bytes.prefix(1_000).write(to: disk.url)
            } else {
                try FileManager.default.removeItem(at: disk.url)
            }
        }
        let client = try await LiveClient.strawberry(transport: transport).client(interceptors: [interceptor])
        let expectedReason =
            change == "shrinks"
            ? "the file for variables.file changed size after the request was built"
            : "the file for variables.file can no longer be read"
        await #expect {
            _ = try await client.execute(UploadFileMutation(file: GraphQLFile(url: disk.url)))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .invalidRequest && error?.reason == expectedReason
        }
    }

    @Test("a query with a file goes as a multipart POST even when GET is asked for", arguments: TestTransport.allCases)
    func queryWithGET(transport: TestTransport) async throws {
        let recorder = RequestRecorder()
        let live = try await LiveClient.strawberry(transport: transport)
        let client = live.client(interceptors: [recorder], queryMethod: .get)
        let bytes = Data("inspect me".utf8)
        let response = try await client.execute(
            document: "query Inspect($file: Upload!) { inspectFile(file: $file) { size sha256 } }",
            files: [GraphQLFileUpload(path: "variables.file", file: GraphQLFile(data: bytes, fileName: "i.txt"))],
            as: JSONValue.self)
        #expect(response.value["inspectFile"] == ["size": 10, "sha256": .string(bytes.sha256)])
        let request = try #require(recorder.requests.first)
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(try await live.stats().lastMethod == "POST")
    }

    @Test(
        "with persisted queries configured, a file goes in one request with the whole document",
        arguments: TestTransport.allCases)
    func persistedQueries(transport: TestTransport) async throws {
        let recorder = RequestRecorder()
        let client = try await LiveClient.strawberry(transport: transport).client(
            interceptors: [recorder], persistedQueries: PersistedQueriesConfiguration())
        let bytes = Data("persist me not".utf8)
        let response = try await client.execute(
            UploadFileMutation(file: GraphQLFile(data: bytes, fileName: "p.txt")))
        #expect(response.value.uploadFile.sha256 == bytes.sha256)
        #expect(recorder.requests.count == 1)
        let operations = try UploadedBody(try #require(recorder.requests.first)).operations
        #expect(operations["query"] == .string(UploadFileMutation.document))
        #expect(operations["extensions"] == nil)
    }

    @Test(
        "a file path outside the variables fails before anything is sent",
        arguments: [
            "file", "input.avatar", "variables.input.avatar", "variables.files.2", "variables..file",
        ])
    func badPath(path: String) async throws {
        let recorder = RequestRecorder()
        let client = try await LiveClient.strawberry(transport: .urlSession).client(interceptors: [recorder])
        await #expect {
            _ = try await client.execute(
                document: "mutation M($files: [Upload!]!) { uploadFiles(files: $files) { size } }",
                variables: ["files": [.null, .null]],
                files: [GraphQLFileUpload(path: path, file: GraphQLFile(data: Data("x".utf8), fileName: "x"))],
                as: JSONValue.self)
        } throws: { error in
            let error = error as? APIError
            return error?.code == .invalidRequest && error?.reason?.contains("the file path \(path)") == true
        }
        #expect(recorder.requests.isEmpty)
    }

    @Test("the logging interceptor writes an upload's size, never its bytes")
    func loggingNeverReadsFiles() async throws {
        let handler = CapturingLogHandler(level: .trace)
        let logger = Logger(label: "uploads") { _ in handler }
        let client = try await LiveClient.strawberry(transport: .urlSession).client(interceptors: [
            LoggingInterceptor(logger: logger)
        ])
        let secret = "top-secret-file-contents"
        _ = try await client.execute(
            UploadFileMutation(file: GraphQLFile(data: Data(secret.utf8), fileName: "s.txt")))
        let written = handler.text
        #expect(written.contains("<streamed body, "))
        #expect(!written.contains(secret))
    }
}
