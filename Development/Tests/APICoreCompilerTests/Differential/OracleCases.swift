import Foundation

/// The oracle's outputs, generated once per test process and shared by the differential tests: the cases of
/// `Tests/Oracle/variants.py` and the corpus files as `Tests/Oracle/print_documents.py` prints them.
enum OracleCases {
    /// How long generating may take (a cold run also bootstraps `.venv-oracle`).
    static let generationTimeout: Duration = .seconds(900)

    /// Where the scripts keep their outputs, keyed by everything they depend on.
    static let cache = OracleProcess.root.appendingPathComponent(".build/oracle").path

    private static let generation = Task<[OracleUnit], any Error> {
        let generated = try await OracleProcess.runScript(
            "variants.py", ["--corpus", OracleProcess.corpus.path, "--cache", cache], timeout: generationTimeout)
        let units = try OracleOutput.units(from: generated.output)
        guard !units.isEmpty else {
            throw OracleFailure("variants.py produced no compilation unit", generated)
        }
        return units
    }

    private static let printing = Task<[OracleFile], any Error> {
        let generated = try await OracleProcess.runScript(
            "print_documents.py", ["--corpus", OracleProcess.corpus.path, "--cache", cache],
            timeout: generationTimeout)
        let decoder = JSONDecoder()
        let files = try generated.output.split(separator: UInt8(ascii: "\n")).map { line in
            try decoder.decode(OracleFile.self, from: Data(line))
        }
        guard !files.isEmpty else {
            throw OracleFailure("print_documents.py printed no file", generated)
        }
        return files
    }

    /// The compilation units and their cases.
    static func units() async throws -> [OracleUnit] {
        try await generation.value
    }

    /// Every GraphQL file of the corpus (name relative to the corpus) as graphql-core prints it.
    static func printedCorpusFiles() async throws -> [OracleFile] {
        try await printing.value
    }
}
