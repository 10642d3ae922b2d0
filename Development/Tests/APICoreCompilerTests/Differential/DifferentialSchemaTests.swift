import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Our schema builders against graphql-core 3.2.8 (graphql-js 16) on mutated schemas, SDL and introspection JSON
/// (`Tests/Oracle/schema_mutations.py`): every schema graphql-core builds and validates, we build (repairs come with
/// warnings), and every schema it rejects, we reject, in the default (lenient) mode; a strict build still rejects
/// everything graphql-core rejects.
///
/// `APICORE_SCHEMA_SEED` and `APICORE_SCHEMA_COUNT` run other cases by hand (the defaults are the test's);
/// `APICORE_SCHEMA_CASES=FILE` runs the cases of a file of the script's JSON lines instead.
@Suite("Differential schema building against graphql-core", .cpuBound)
struct DifferentialSchemaTests {
    /// The seed of the test's cases.
    static let seed = Int(ProcessInfo.processInfo.environment["APICORE_SCHEMA_SEED"] ?? "") ?? 1
    /// How many cases the test asks for.
    static let count = Int(ProcessInfo.processInfo.environment["APICORE_SCHEMA_COUNT"] ?? "") ?? 320

    @Test("every mutated schema gets graphql-core's verdict, repairs come with located warnings")
    func verdictsMatchGraphQLCore() async throws {
        let file = ProcessInfo.processInfo.environment["APICORE_SCHEMA_CASES"]
        let cases: [SchemaMutationCase]
        if let file {
            cases = try SchemaMutationCases.read(file)
        } else {
            cases = try await SchemaMutationCases.generate(seed: Self.seed, count: Self.count)
        }
        let lenient = cases.map { SchemaVerdict($0, options: SchemaBuildOptions()) }
        let strict = cases.map { SchemaVerdict($0, options: SchemaBuildOptions(isStrict: true)) }

        let accepted = cases.count(where: \.accepted)
        let disagreements = lenient.filter { !$0.agrees }
        // Accepted with a repair: graphql-core and the lenient build accept what the strict build rejects.
        let repaired = zip(lenient, strict).filter { $0.accepted && $0.mutation.accepted && !$1.accepted }.map(\.0)
        let repairedSilently = repaired.filter { verdict in
            verdict.mutation.format == .sdl ? !verdict.hasLocatedWarning : verdict.warnings.isEmpty
        }
        let strictlyAccepted = strict.filter { $0.accepted && !$0.mutation.accepted }
        print(
            """
            Differential schemas (seed \(Self.seed)): \(cases.count) cases, graphql-core accepts \(accepted) and \
            rejects \(cases.count - accepted); same verdict: \(cases.count - disagreements.count); repaired with a \
            warning: \(repaired.count - repairedSilently.count) of \(repaired.count)
            """)

        if file == nil {
            #expect(cases.count >= 200, "fewer mutated schemas than the 200 the test promises")
            #expect(accepted >= cases.count / 4, "too few schemas graphql-core accepts: \(accepted) of \(cases.count)")
            #expect(
                cases.count - accepted >= cases.count / 4,
                "too few schemas graphql-core rejects: \(cases.count - accepted) of \(cases.count)")
        }
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements with graphql-core:\n\(Self.report(disagreements))")
        #expect(
            repairedSilently.isEmpty,
            "\(repairedSilently.count) schemas repaired without a located warning:\n\(Self.report(repairedSilently))")
        let strictReport = Self.report(strictlyAccepted)
        #expect(
            strictlyAccepted.isEmpty,
            "\(strictlyAccepted.count) schemas graphql-core rejects, built in strict mode:\n\(strictReport)")
    }

    /// The first verdicts in detail, then a count by family.
    static func report(_ verdicts: [SchemaVerdict]) -> String {
        let details = verdicts.prefix(40).map(\.report).joined(separator: "\n")
        let byFamily = Dictionary(grouping: verdicts, by: \.mutation.family)
            .map { "\($0.key): \($0.value.count)" }.sorted().joined(separator: ", ")
        return "\(details)\nby family: \(byFamily)"
    }
}
