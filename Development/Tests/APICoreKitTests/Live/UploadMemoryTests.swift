import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// A large upload streams from the disk: its peak memory is about that of a small query, not the file's size.
///
/// Each call runs in a fresh process (`APICoreUploadProbe`), which reports the high-water mark of its own resident
/// memory (`VmHWM`) after the call; the bound compares two such processes, so what the test process holds never
/// counts. A resource bound, not a timing.
@Suite("Upload memory", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
struct UploadMemoryTests {
    static let fileSize = 50 * 1_024 * 1_024
    static let bound = 20 * 1_024 * 1_024

    /// Whether this process runs under ThreadSanitizer or AddressSanitizer, whose runtimes export these entry points.
    static let sanitizerIsLoaded: Bool = {
        let program = dlopen(nil, RTLD_NOW)
        defer { if let program { dlclose(program) } }
        return dlsym(program, "__tsan_init") != nil || dlsym(program, "__asan_init") != nil
    }()

    /// One probe run: its peak resident memory and the size the server read.
    func probe(
        _ transport: TestTransport, _ endpoint: URL, _ arguments: [String]
    ) async throws -> (peak: Int, read: Int) {
        let executable = BuildProducts.executable(named: "APICoreUploadProbe")
        let result = try await ChildProcess.run(
            executable, [transport.rawValue, endpoint.absoluteString] + arguments, timeout: .seconds(300))
        try #require(result.status == 0, "the probe failed: \(result.error)")
        let fields = result.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(fields.count == 2, "the probe printed '\(result.text)'")
        return (fields[0], fields[1])
    }

    @Test(
        "a 50 MB file from disk costs less than 20 MB more peak memory than a small query",
        arguments: TestTransport.allCases)
    func peakMemory(transport: TestTransport) async throws {
        let files = try UploadFiles()
        let url = files.folder.appendingPathComponent("large.bin")
        // Written a megabyte at a time, so the test process never holds the file either.
        try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let megabyte = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        for _ in 0..<(Self.fileSize / megabyte.count) { try handle.write(contentsOf: megabyte) }
        try handle.close()

        // A server of its own: the 50 MB parse and digest keep a Python event loop busy for seconds on a loaded
        // machine, which on the shared server stalled every other live test's calls (50 of them timed out at 30 s).
        let server = try await ReferenceServer.start(.strawberry)
        defer { server.stop() }
        let endpoint = server.url("/graphql")
        let query = try await probe(transport, endpoint, ["query"])
        let upload = try await probe(transport, endpoint, ["upload", url.path])
        #expect(upload.read == Self.fileSize)
        // Under ThreadSanitizer or AddressSanitizer (scripts/sanitizers.sh builds the probe instrumented too) resident
        // memory measures the sanitizer: shadow memory for every byte touched, and AddressSanitizer's quarantine keeps
        // freed chunks. The bound holds for the code users run, which the plain pass measures.
        if !Self.sanitizerIsLoaded {
            #expect(
                upload.peak - query.peak < Self.bound,
                "peak memory: query \(query.peak) bytes, upload \(upload.peak) bytes")
        }
        print("upload memory (\(transport)): query peak \(query.peak) bytes, 50 MB upload peak \(upload.peak) bytes")
    }
}
