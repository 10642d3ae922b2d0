import APICoreCompiler
import Foundation
import Testing

/// Our parser, schema builders and validator against graphql-core 3.2.8 (graphql-js 16) on the corpus's operation
/// documents and on deterministic variants of them (`Tests/Oracle/variants.py`): the verdicts must be the same.
@Suite("Differential validation against graphql-core")
struct DifferentialValidationTests {
    /// How long generating the cases may take (a cold run also bootstraps `.venv-oracle`).
    static let generationTimeout: Duration = .seconds(900)

    @Test("every corpus document and every variant gets graphql-core's verdict")
    func verdictsMatchGraphQLCore() async throws {
        // variants.py keeps its output under .build/oracle, keyed by everything it depends on.
        let cache = OracleProcess.root.appendingPathComponent(".build/oracle").path
        let generated = try await OracleProcess.runScript(
            "variants.py", ["--corpus", OracleProcess.corpus.path, "--cache", cache], timeout: Self.generationTimeout)
        let units = try OracleOutput.units(from: generated.output)
        #expect(!units.isEmpty, "variants.py produced no compilation unit:\n\(generated.error)")

        var outcomes: [DifferentialOutcome] = []
        var schemas: [String: GraphQLSchema] = [:]
        for unit in units {
            do {
                let schema = try schemas[unit.schema] ?? GraphQLSchema.load(paths: [corpus(unit.schema)])
                schemas[unit.schema] = schema
                outcomes += try DifferentialCheck(unit: unit, schema: schema, corpus: OracleProcess.corpus).outcomes()
            } catch {
                Issue.record("unit \(unit.name): the schema or a corpus file fails: \(error)")
            }
        }
        let summary = DifferentialSummary(outcomes)
        print(summary.text)

        let corpusCases = outcomes.filter { $0.oracleCase.source != .variant }
        #expect(corpusCases.allSatisfy { $0.oracleCase.valid }, "graphql-core rejects a corpus document")
        #expect(corpusCases.count == 2 * units.count)
        #expect(summary.variantCount >= 2_000, "fewer variants than the 2,000 the test promises")
        #expect(
            summary.disagreements.isEmpty,
            "\(summary.disagreements.count) disagreements with graphql-core:\n\(summary.disagreementReport)")
    }

    /// The path of a corpus file.
    private func corpus(_ relativePath: String) -> String {
        OracleProcess.corpus.appendingPathComponent(relativePath).path
    }
}
