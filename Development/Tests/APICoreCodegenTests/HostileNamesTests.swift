import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Names that cannot collide, proved on random input: seeded schemas and documents whose every name is drawn from a
/// pool of hostile names (Swift keywords, standard-library and runtime types, the members generated code declares,
/// names differing only in case), each checked valid by graphql-core (`Tests/Oracle/hostile_corpus.py`). Every case is
/// generated into a module of a scratch package built with warnings as errors, and one response per case is decoded
/// through its generated types, so the names work at run time too.
///
/// `APICORE_HOSTILE_SEED` and `APICORE_HOSTILE_CASES` choose the corpus; a failure names the case's own seed, which
/// reproduces it alone (`hostile_corpus.py --seed <case seed> --cases 1`).
// Minutes of building: see PackageBuilds for when it runs.
@Suite(
    "Hostile names",
    .enabled(if: PackageBuilds.areEnabled))
struct HostileNamesTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["APICORE_HOSTILE_SEED"].flatMap(Int.init) ?? 2_026_1125
    static let caseCount = environment["APICORE_HOSTILE_CASES"].flatMap(Int.init) ?? 30

    /// The scratch package, kept between runs so that a second run builds incrementally.
    static let package = CorpusSet.root + "/.build/hostile-names"

    @Test("every random case generates, compiles with warnings as errors and decodes its response")
    func everyCaseCompilesAndDecodes() async throws {
        let cases = try await HostileCorpus.load(seed: Self.seed, count: Self.caseCount)
        #expect(cases.count == Self.caseCount)
        try HostileCorpus.writePackage(at: Self.package, modules: cases.indices.map(HostileCorpus.moduleName))

        var checks: [String] = []
        for (index, hostile) in cases.enumerated() {
            let module = HostileCorpus.moduleName(index)
            do {
                let files = try hostile.generate(into: "\(Self.package)/Sources/\(module)")
                checks.append(try hostile.check(module: module, files: files))
            } catch {
                Issue.record("case seed \(hostile.seed): generation failed: \(error)")
                return
            }
        }
        try HostileCorpus.writeChecks(checks, modules: cases.indices.map(HostileCorpus.moduleName), at: Self.package)

        let build = try await PackageBuilds.swift(["build", "--package-path", Self.package])
        let errors = build.text.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            build.status == 0,
            "the generated code does not compile (\(errors.count) errors):\n\(errors.prefix(40).joined(separator: "\n"))"
        )
        guard build.status == 0 else { return }
        let run = try await PackageBuilds.swift([
            "run", "--skip-build", "--package-path", Self.package, "HostileChecks",
        ])
        #expect(run.status == 0)
        let expected = cases.map { "case \($0.seed): decoded \($0.response.operation)\n" }.joined()
        #expect(run.text == expected)
    }
}
