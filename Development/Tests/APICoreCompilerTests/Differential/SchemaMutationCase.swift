import Foundation

/// One case of `Tests/Oracle/schema_mutations.py`: a mutated schema, SDL or introspection JSON, and graphql-core's
/// verdict on it (accepted iff `build_schema` / `build_client_schema` succeeds and `validate_schema` finds nothing).
struct SchemaMutationCase: Decodable, Sendable {
    /// How the schema is written.
    enum Format: String, Decodable, Sendable {
        case sdl
        case introspection
    }

    /// `<family>-<n>`.
    let id: String
    /// The family of mutations that made it.
    let family: String
    let format: Format
    /// The schema that was changed.
    let base: String
    /// What the mutation did, for people.
    let detail: String
    /// The SDL, or the introspection result as JSON text.
    let text: String
    /// graphql-core's verdict.
    let accepted: Bool
    /// graphql-core's messages (empty when accepted).
    let errors: [String]

    /// The file name the case is built under: `<id>.graphqls` or `<id>.json`.
    var fileName: String {
        format == .sdl ? "\(id).graphqls" : "\(id).json"
    }
}

/// Runs `schema_mutations.py` and reads its cases.
enum SchemaMutationCases {
    /// How long generating may take (a cold run also bootstraps `.venv-oracle`).
    static let generationTimeout: Duration = .seconds(900)

    /// The cases of one seed and count, in order.
    static func generate(seed: Int, count: Int) async throws -> [SchemaMutationCase] {
        let generated = try await OracleProcess.runScript(
            "schema_mutations.py",
            ["--corpus", OracleProcess.corpus.path, "--seed", String(seed), "--count", String(count)],
            timeout: generationTimeout)
        let cases = try decode(generated.output)
        guard !cases.isEmpty else {
            throw OracleFailure("schema_mutations.py produced no case", generated)
        }
        return cases
    }

    /// The cases of a file of the script's JSON lines (kept from an earlier run, or written by hand).
    static func read(_ path: String) throws -> [SchemaMutationCase] {
        try decode(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private static func decode(_ output: Data) throws -> [SchemaMutationCase] {
        let decoder = JSONDecoder()
        return try output.split(separator: UInt8(ascii: "\n")).map { line in
            try decoder.decode(SchemaMutationCase.self, from: Data(line))
        }
    }
}
