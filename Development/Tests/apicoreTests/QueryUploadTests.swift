import APICoreGraphQL
import APICoreJSON
import Foundation
import Testing

/// `apicore query --file PATH=FILE`: files uploaded by the GraphQL multipart request spec.
@Suite("apicore query: uploads")
struct QueryUploadTests {
    static func sha256(_ text: String) -> JSONValue { .string(GraphQLSHA256.hexDigest(of: text)) }

    @Test("--file uploads files at their paths, setting null where the variables lack it, and prints the response")
    func uploads() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let photo = try fixture.file("photo.png", "not really a png")
        let notes = try fixture.file("notes.unknownext", "notes")
        let result = try await fixture.query(
            """
            mutation Upload($file: Upload!, $files: [Upload!]!, $input: ProfileInput!) {
              uploadFile(file: $file) { filename contentType size sha256 }
              uploadFiles(files: $files) { filename contentType size }
              uploadProfile(input: $input) { name avatar { filename size } }
            }
            """,
            [
                "--variables", #"{"files": [null, null], "input": {"name": "Ada"}}"#,
                "--file", "variables.file=\(photo)", "--file", "variables.files.0=\(notes)",
                "--file", "variables.files.1=\(photo)", "--file", "variables.input.avatar=\(notes)",
            ])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.json?["data"]?["uploadFile"]
                == [
                    "filename": "photo.png", "contentType": "image/png", "size": 16,
                    "sha256": Self.sha256("not really a png"),
                ])
        #expect(
            result.json?["data"]?["uploadFiles"] == [
                ["filename": "notes.unknownext", "contentType": "application/octet-stream", "size": 5],
                ["filename": "photo.png", "contentType": "image/png", "size": 16],
            ])
        #expect(
            result.json?["data"]?["uploadProfile"] == [
                "name": "Ada", "avatar": ["filename": "notes.unknownext", "size": 5],
            ])
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests == 1)
        #expect(stats.lastHeaders["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    }

    @Test(
        "a --file path that does not start with variables. or whose parent is missing is invalid input (exit 1)",
        arguments: ["file", "variables.input.avatar", "variables.files.3", "variables.file"])
    func badPath(path: String) async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let photo = try fixture.file("photo.png", "png")
        let argument = path == "variables.file" ? "variables.file" : "\(path)=\(photo)"
        let result = try await fixture.query(
            "mutation M($files: [Upload!]!) { uploadFiles(files: $files) { size } }",
            ["--variables", #"{"files": [null]}"#, "--file", argument])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("error: "))
        #expect(result.output.isEmpty)
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests == 0)
    }

    @Test("a --file that does not exist is an I/O error (exit 2), and nothing is sent")
    func missingFile() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let missing = fixture.directory.appendingPathComponent("missing.png").path
        let result = try await fixture.query(
            "mutation M($file: Upload!) { uploadFile(file: $file) { size } }",
            ["--file", "variables.file=\(missing)"])
        #expect(result.status == 2)
        #expect(result.error == "error: cannot read the upload file '\(missing)': no such file\n")
        let stats = try await fixture.server.stats(key: fixture.key)
        #expect(stats.requests == 0)
    }
}
