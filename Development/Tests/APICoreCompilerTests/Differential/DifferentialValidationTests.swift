import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Our parser, schema builders and validator against graphql-core 3.2.8 (graphql-js 16) on the corpus's operation
/// documents and on deterministic variants of them (`Tests/Oracle/variants.py`): the verdicts must be the same.
@Suite("Differential validation against graphql-core", .cpuBound)
struct DifferentialValidationTests {
    @Test("every corpus document and every variant gets graphql-core's verdict")
    func verdictsMatchGraphQLCore() async throws {
        let units = try await OracleCases.units()

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
