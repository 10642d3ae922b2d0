import APICoreCompiler
import Foundation

/// Our verdict on one oracle case: the parser, the schema builder and the validator on the case's documents.
struct DifferentialOutcome: Sendable {
    let oracleCase: OracleCase
    /// Syntax errors of our parser. graphql-core parsed every one of these documents, so any is a parser bug.
    let syntaxErrors: [Diagnostic]
    /// Our validator's errors.
    let validationErrors: [Diagnostic]
    /// The documented difference between the specification's readings that explains a disagreement, if any.
    let specDifference: SpecDifference?

    /// Whether we found the documents valid.
    var isValid: Bool { syntaxErrors.isEmpty && validationErrors.isEmpty }

    /// Whether our verdict is graphql-core's (a syntax error never agrees: the documents are syntactically valid).
    var agrees: Bool { syntaxErrors.isEmpty && isValid == oracleCase.valid }

    /// The rules we cited, each once, in order.
    var ourRules: [String] {
        (syntaxErrors + validationErrors).map(\.rule).reduce(into: []) { rules, rule in
            if !rules.contains(rule) { rules.append(rule) }
        }
    }

    /// One paragraph for a failure message: the case, graphql-core's verdict and rules, our diagnostics.
    var report: String {
        let oracle =
            oracleCase.valid
            ? "valid"
            : "invalid: "
                + oracleCase.errors.prefix(3).map { "[\($0.rule)] \($0.message)" }.joined(separator: " | ")
        let ours = syntaxErrors + validationErrors
        let rendered = ours.isEmpty ? "valid" : ours.prefix(4).map { "[\($0.rule)] \($0)" }.joined(separator: " | ")
        return """
            \(oracleCase.id) (\(oracleCase.mutation): \(oracleCase.detail))
              graphql-core: \(oracle)
              ours: \(rendered)
            """
    }
}

/// Runs our front end on the cases of one compilation unit.
struct DifferentialCheck {
    let unit: OracleUnit
    let schema: GraphQLSchema
    /// The unit's printed files, parsed.
    let printedDocuments: [Document]
    /// The unit's files as they are in the corpus, parsed.
    let corpusDocuments: [Document]

    /// Parses the unit's files (the schema is the one `unit.schema` names); throws our diagnostics when one fails.
    init(unit: OracleUnit, schema: GraphQLSchema, corpus: URL) throws {
        self.unit = unit
        self.schema = schema
        printedDocuments = try unit.files.map { file in try Parser.parse(Source(name: file.name, text: file.text)) }
        corpusDocuments = try unit.files.map { file in
            let text = try String(contentsOf: corpus.appendingPathComponent(file.name), encoding: .utf8)
            return try Parser.parse(Source(name: file.name, text: text))
        }
    }

    /// Our outcome on every case of the unit.
    func outcomes() -> [DifferentialOutcome] {
        unit.cases.map(outcome)
    }

    /// Our outcome on one case.
    func outcome(_ oracleCase: OracleCase) -> DifferentialOutcome {
        var documents = oracleCase.source == .corpus ? corpusDocuments : printedDocuments
        var syntaxErrors: [Diagnostic] = []
        for file in oracleCase.changed {
            guard let index = unit.files.firstIndex(where: { $0.name == file.name }) else {
                preconditionFailure("case \(oracleCase.id) changes \(file.name), which is not in its unit")
            }
            do {
                documents[index] = try Parser.parse(Source(name: file.name, text: file.text))
            } catch {
                syntaxErrors += error.diagnostics
            }
        }
        let validationErrors =
            syntaxErrors.isEmpty
            ? DocumentValidator.validate(
                documents, against: schema, options: ValidationOptions(reportsUnusedFragments: false)
            ).filter { $0.severity == .error }
            : []
        let outcome = DifferentialOutcome(
            oracleCase: oracleCase, syntaxErrors: syntaxErrors, validationErrors: validationErrors,
            specDifference: nil)
        guard !outcome.agrees, syntaxErrors.isEmpty else { return outcome }
        return DifferentialOutcome(
            oracleCase: oracleCase, syntaxErrors: syntaxErrors, validationErrors: validationErrors,
            specDifference: SpecDifference.explaining(outcome))
    }
}
