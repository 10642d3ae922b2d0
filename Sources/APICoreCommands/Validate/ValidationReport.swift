import APICoreCompiler
import APICoreGenerateCommand

/// What `apicore validate` prints: diagnostics on standard error, compiler style, and one summary line on standard
/// output (`3 documents, 2 operations, 4 fragments: valid`).
struct ValidationReport {
    /// The rule of the schema loader's diagnostics about paths rather than contents (missing, unsupported, mixed).
    static let schemaFilesRule = "SchemaFiles"

    /// Whether only errors are printed: no warnings, no summary.
    let quiet: Bool

    /// Prints diagnostics, each as `path:line:column: error: message` with its `note:` lines; warnings only when not
    /// quiet.
    func emit(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
            StandardStreams.writeLine(diagnostic.description, to: .error)
        }
    }

    /// Prints the summary line, unless quiet.
    func summary(_ line: String) {
        if !quiet {
            StandardStreams.writeLine(line, to: .output)
        }
    }

    /// `1 error`, `2 errors`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `3 documents, 2 operations, 4 fragments`.
    static func describe(_ documents: [Document]) -> String {
        let operations = documents.reduce(0) { $0 + $1.operations.count }
        let fragments = documents.reduce(0) { $0 + $1.fragments.count }
        return "\(count(documents.count, "document")), \(count(operations, "operation")), "
            + count(fragments, "fragment")
    }

    /// `valid`, `2 errors`, `valid, 1 warning`, `2 errors, 1 warning`.
    static func verdict(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        let head = errors == 0 ? "valid" : count(errors, "error")
        return warnings == 0 ? head : "\(head), \(count(warnings, "warning"))"
    }
}
