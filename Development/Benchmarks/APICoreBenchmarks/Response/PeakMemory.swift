import APICoreCache
import APICoreGraphQL
import APICoreJSON
import Foundation
import GitHubApolloFixture

/// The peak memory of decoding a response, measured in a child run of this executable so that nothing else the
/// benchmark did (other scenarios, the allocator's cached pages) counts.
///
/// The child (`apicore-bench --peak-memory-child ours|foundation FILE`) reads its high-water mark (`VmHWM` in
/// `/proc/self/status`) before reading the file and after the work, and prints both. (`getrusage(RUSAGE_CHILDREN)`
/// is no use here: its maximum includes the parent's pages the child shares between fork and exec, so it reports
/// the parent's size, which after the in-process runs is larger.)
enum PeakMemory {
    /// Runs a child for our side and one for Foundation's; the figures for the scenario's JSON line, in bytes.
    static func measure(file: String, bytes: Int, paths: BenchmarkPaths) throws -> [(key: String, value: Double)] {
        let ours = try child("ours", file: file, paths: paths)
        let held = try child("ours-held", file: file, paths: paths)
        let foundation = try child("foundation", file: file, paths: paths)
        return [
            ("input_bytes", Double(bytes)),
            ("peak_rss_bytes", ours.after),
            ("startup_rss_bytes", ours.before),
            ("peak_rss_growth_per_input_byte", (ours.after - ours.before) / Double(bytes)),
            ("input_held_peak_rss_bytes", held.after),
            ("input_held_startup_rss_bytes", held.before),
            ("baseline_peak_rss_bytes", foundation.after),
            ("baseline_startup_rss_bytes", foundation.before),
        ]
    }

    /// One child run: its high-water marks in bytes, before and after the work.
    private static func child(
        _ side: String, file: String, paths: BenchmarkPaths
    ) throws -> (before: Double, after: Double) {
        guard let executable = Bundle.main.executableURL else {
            throw BenchmarkFailure("cannot find this executable to run it as a child")
        }
        let result = try ChildProcess.run(
            executable, ["--peak-memory-child", side, file, "--corpus", paths.corpusFolder.path],
            in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        guard result.status == 0 else { throw ChildProcessFailure("the peak-memory child (\(side))", result) }
        let fields = String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let before = Double(fields[0]), let after = Double(fields[1]) else {
            throw BenchmarkFailure("the peak-memory child printed '\(String(decoding: result.output, as: UTF8.self))'")
        }
        return (before, after)
    }

    /// The child's side: does the work once and prints `VmHWM` before and after, in bytes.
    ///
    /// `ours` does what `APIClient` does with a response body: reads it, frees the bytes, then decodes, normalizes and
    /// writes the records to an in-memory cache. `ours-held` does the same with the bytes held throughout (a caller
    /// that keeps the body), and `foundation` parses the bytes with `JSONSerialization`. The sides `json`, `decode`
    /// and `records` stop after reading the JSON (bytes held), after decoding it to typed data and after normalizing
    /// it (records not yet written to a cache), to show what each stage holds.
    static func runChild(side: String, file: String, paths: BenchmarkPaths) throws {
        let before = try highWaterMark()
        if side == "ours" {
            let data = try GitHubResponse.readData(file, paths: paths)
            _ = try GitHubResponse.decodeAndNormalize(data, into: CacheStore())
            print("\(before) \(try highWaterMark())")
            return
        }
        let response = try GitHubResponse(file, paths: paths)
        switch side {
        case "ours-held": _ = try response.decodeAndNormalize(into: CacheStore())
        case "foundation": _ = try response.parseWithFoundation()
        case "json": _ = try JSONReader().read(response.bytes)
        case "decode": _ = try IssuesAndCommentsForRepositoryQuery.Data(data: ResponseScenarios.data(of: response))
        case "records": _ = try CacheStore().decode(response.query, data: ResponseScenarios.data(of: response))
        default: throw BenchmarkFailure("unknown side '\(side)' (ours, ours-held or foundation)")
        }
        let after = try highWaterMark()
        print("\(before) \(after)")
    }

    /// `VmHWM` of this process, in bytes.
    static func highWaterMark() throws -> Int {
        try memoryFigure("VmHWM")
    }

    /// A memory figure of this process from `/proc/self/status` (`VmHWM`, `VmRSS`), in bytes.
    static func memoryFigure(_ name: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("\(name):") }),
            let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
        else { throw BenchmarkFailure("no \(name) in /proc/self/status") }
        return kilobytes * 1_024
    }
}
