import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// The generated code of real corpus schemas and operations, kept in the fixture package
/// `Tests/Fixtures/GeneratedCode`, which CI builds with warnings as errors (one target per set).
///
/// The files there must be exactly what the generator produces now; `APICORE_RECORD_SNAPSHOTS=1` rewrites them.
@Suite("Fixture package", .cpuBound)
struct FixturePackageTests {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["APICORE_RECORD_SNAPSHOTS"] == "1" }

    @Test("the fixture package holds the generated code of each set", arguments: CorpusSet.all)
    func generatedCodeIsCurrent(_ set: CorpusSet) throws {
        let files = try CodeGenerator().generate(configuration: set.configuration)
        let writer = GeneratedFileWriter(folders: set.outputFolders)
        if Self.isRecording {
            _ = try writer.write(files)
        }
        let report = writer.check(files)
        #expect(report.isUpToDate, "stale: \(report.written + report.removed); rerun with APICORE_RECORD_SNAPSHOTS=1")
    }
}

/// Builds the fixture package (minutes on a shared machine, so only when `APICORE_BUILD_FIXTURES=1`) and decodes a
/// real GitHub response through the generated types.
// Minutes of building: see PackageBuilds for when it runs.
@Suite(
    "Fixture package build",
    .enabled(if: PackageBuilds.areEnabled))
struct FixturePackageBuildTests {
    @Test("the generated code compiles with warnings as errors and decodes every issue title, login and comment")
    func buildAndDecode() async throws {
        // `swift run` builds only the checks' dependencies: build every set's target first.
        let build = try await PackageBuilds.swift(["build", "--package-path", CorpusSet.fixturePackage])
        #expect(build.status == 0, "the fixture package does not build")

        let response = CorpusSet.root + "/../../shared/corpus/github/responses/IssuesAndCommentsForRepository.json"
        let run = try await PackageBuilds.swift([
            "run", "--package-path", CorpusSet.fixturePackage, "GeneratedCodeChecks", response,
        ])
        #expect(run.status == 0)

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: response)))
        var expected = ""
        let data = (json as? [String: Any])?["data"] as? [String: Any]
        let issues =
            ((data?["repository"] as? [String: Any])?["issues"] as? [String: Any])?["nodes"] as? [[String: Any]]
        for issue in issues ?? [] {
            let login = (issue["author"] as? [String: Any])?["login"] as? String ?? ""
            expected += "issue\t\(issue["title"] as? String ?? "")\t\(login)\n"
            let comments = (issue["comments"] as? [String: Any])?["nodes"] as? [[String: Any]] ?? []
            for comment in comments {
                let author = (comment["author"] as? [String: Any])?["login"] as? String ?? ""
                expected += "comment\t\(author)\t\((comment["body"] as? String ?? "").count)\n"
            }
        }
        #expect(!expected.isEmpty)
        #expect(run.text == expected)
    }
}
