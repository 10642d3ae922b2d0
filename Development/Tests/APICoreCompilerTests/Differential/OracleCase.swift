import Foundation

/// A file of a compilation unit: its name relative to the corpus, and its text.
struct OracleFile: Decodable, Sendable {
    let name: String
    let text: String
}

/// An error graphql-core reported: the rule, the message and where.
struct OracleError: Decodable, Sendable {
    /// A place, as graphql-core reports it (file relative to the corpus, 1-based line and column).
    struct Place: Decodable, Sendable {
        let file: String
        let line: Int
        let column: Int
    }

    let rule: String
    let message: String
    let locations: [Place]
}

/// One case of `Tests/Oracle/variants.py`: a set of documents and graphql-core's verdict on it.
struct OracleCase: Decodable, Sendable {
    /// Where the documents come from.
    enum Source: String, Decodable, Sendable {
        /// The corpus files as they are on disk.
        case corpus
        /// The compilation unit's files as graphql-core prints them.
        case printed
        /// The printed files with ``OracleCase/changed`` ones replaced.
        case variant
    }

    /// A short id: `unit#0042`.
    let id: String
    /// The compilation unit.
    let compilation: String
    /// The mutation that made the variant (`corpus` and `printed` for the unchanged documents).
    let mutation: String
    /// What the mutation did, for people.
    let detail: String
    let source: Source
    /// The files that differ from the unit's printed files.
    let changed: [OracleFile]
    /// graphql-core's verdict.
    let valid: Bool
    /// graphql-core's errors (empty when valid).
    let errors: [OracleError]

    private enum CodingKeys: String, CodingKey {
        case id, compilation, mutation, detail, source, changed, valid, errors
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        compilation = try container.decode(String.self, forKey: .compilation)
        mutation = try container.decode(String.self, forKey: .mutation)
        detail = try container.decode(String.self, forKey: .detail)
        source = try container.decode(Source.self, forKey: .source)
        changed = try container.decode([OracleFile].self, forKey: .changed)
        valid = try container.decode(Bool.self, forKey: .valid)
        errors = try container.decodeIfPresent([OracleError].self, forKey: .errors) ?? []
    }

    /// The rules graphql-core cited, each once, in order.
    var oracleRules: [String] {
        errors.map(\.rule).reduce(into: []) { rules, rule in
            if !rules.contains(rule) { rules.append(rule) }
        }
    }
}

/// A compilation unit of the oracle's output: its schema, its printed files, and its cases.
struct OracleUnit: Sendable {
    let name: String
    /// The schema file, relative to the corpus.
    let schema: String
    /// The files as graphql-core prints them, in order.
    let files: [OracleFile]
    var cases: [OracleCase] = []
}

/// Reads the oracle's JSON lines into compilation units, in order.
enum OracleOutput {
    private struct Header: Decodable {
        let type: String
        let name: String?
        let schema: String?
        let files: [OracleFile]?
    }

    static func units(from output: Data) throws -> [OracleUnit] {
        let decoder = JSONDecoder()
        var units: [OracleUnit] = []
        for line in output.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            let data = Data(line)
            let header = try decoder.decode(Header.self, from: data)
            if header.type == "compilation", let name = header.name, let schema = header.schema,
                let files = header.files
            {
                units.append(OracleUnit(name: name, schema: schema, files: files))
            } else if header.type == "case" {
                let oracleCase = try decoder.decode(OracleCase.self, from: data)
                guard units.last?.name == oracleCase.compilation else {
                    throw OracleOutputError(message: "case \(oracleCase.id) outside its compilation unit")
                }
                units[units.count - 1].cases.append(oracleCase)
            } else {
                throw OracleOutputError(
                    message: "unexpected record: \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
        }
        return units
    }
}

/// The oracle's output is not what this test expects.
struct OracleOutputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
