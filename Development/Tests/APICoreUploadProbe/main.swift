// Sends one call in a fresh process and prints the process's peak resident memory, so that a test can compare the
// peak of an upload with the peak of a small query (UploadMemoryTests):
//
//     APICoreUploadProbe TRANSPORT ENDPOINT query
//     APICoreUploadProbe TRANSPORT ENDPOINT upload FILE
//
// TRANSPORT is a `TestTransport` case (urlSession, asyncHTTPClient). It prints one line, `VmHWM-BYTES SIZE`: the
// high-water mark of the process's resident memory (`VmHWM` in /proc/self/status) after the call, and for an upload
// the size the server read (0 for the query). Exits 1 when the call fails, 2 on bad arguments.
import APICoreKit
import APICoreTestSupport
import Foundation

/// `VmHWM` of this process, in bytes (0 where /proc does not exist).
func highWaterMark() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1_024
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let transport = TestTransport(rawValue: arguments[0]),
    let endpoint = URL(string: arguments[1]), ["query", "upload"].contains(arguments[2]),
    arguments[2] == "query" || arguments.count == 4
else {
    FileHandle.standardError.write(Data("usage: APICoreUploadProbe TRANSPORT ENDPOINT query|upload [FILE]\n".utf8))
    exit(2)
}

let client = APIClient(
    configuration: APIClientConfiguration(
        graphQLEndpoint: endpoint, transport: transport.make(), timeout: .seconds(120)))
do {
    let size: Int
    if arguments[2] == "query" {
        _ = try await client.execute(document: "query Users { users { id name } }", as: JSONValue.self)
        size = 0
    } else {
        let file = GraphQLFile(url: URL(fileURLWithPath: arguments[3]))
        let response = try await client.execute(
            document: "mutation Upload($file: Upload!) { uploadFile(file: $file) { size } }",
            files: [GraphQLFileUpload(path: "variables.file", file: file)], as: JSONValue.self)
        guard case .int(let read)? = response.value["uploadFile"]?["size"] else {
            FileHandle.standardError.write(Data("no size in the response\n".utf8))
            exit(1)
        }
        size = Int(read)
    }
    print("\(highWaterMark()) \(size)")
} catch {
    FileHandle.standardError.write(Data("the call failed: \(error)\n".utf8))
    exit(1)
}
