import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Our parser and printer against graphql-core's printer: `Printer.print(Parser.parse(text))` must be exactly what
/// graphql-core's `print_ast(parse(text))` is.
@Suite("Differential printing against graphql-core", .cpuBound)
struct DifferentialPrintingTests {
    @Test("every GraphQL file of the corpus, schemas and kitchen sinks included, prints as graphql-core prints it")
    func corpusFilesPrintLikeGraphQLCore() async throws {
        let files = try await OracleCases.printedCorpusFiles()
        var mismatches: [String] = []
        for file in files {
            let text = try String(contentsOf: OracleProcess.corpus.appendingPathComponent(file.name), encoding: .utf8)
            if let problem = Self.problem(printing: text, name: file.name, expected: file.text) {
                mismatches.append("\(file.name): \(problem)")
            }
        }
        print("Differential printing: \(files.count) corpus files, \(mismatches.count) printed differently")
        #expect(files.count > 90)
        #expect(mismatches.isEmpty, "\(mismatches.count) differences:\n\(mismatches.joined(separator: "\n"))")
    }

    @Test("every variant that graphql-core printed prints back to the same text")
    func variantsPrintLikeGraphQLCore() async throws {
        var checked = 0
        var mismatches: [String] = []
        for unit in try await OracleCases.units() {
            for file in unit.files + unit.cases.flatMap(\.changed) {
                checked += 1
                if let problem = Self.problem(printing: file.text, name: file.name, expected: file.text) {
                    mismatches.append("\(file.name): \(problem)")
                }
            }
        }
        print("Differential printing: \(checked) variant files, \(mismatches.count) printed differently")
        #expect(checked > 2_000)
        #expect(
            mismatches.isEmpty, "\(mismatches.count) differences:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// A line of spaces only as an empty line.
    ///
    /// graphql-js 16 (and so graphql-core) indents every line of a nested block string, so the blank lines inside a
    /// field's multi-line description come out as two or four spaces; our printer leaves them empty. Both parse to the
    /// same description (block-string indentation is removed from blank lines too), so the comparison treats them as
    /// the same; every other difference counts.
    static func blankIfWhitespace(_ line: Substring) -> Substring {
        line.allSatisfy { $0 == " " } ? "" : line
    }

    /// Why our print of `text` is not `expected` (blank lines aside), or nil when it is.
    static func problem(printing text: String, name: String, expected: String) -> String? {
        let printed: String
        do {
            printed = Printer.print(try Parser.parse(Source(name: name, text: text)))
        } catch {
            return "does not parse: \(error)"
        }
        guard printed != expected else { return nil }
        let ours = printed.split(separator: "\n", omittingEmptySubsequences: false).map(Self.blankIfWhitespace)
        let theirs = expected.split(separator: "\n", omittingEmptySubsequences: false).map(Self.blankIfWhitespace)
        guard ours != theirs else { return nil }
        let line = zip(ours, theirs).enumerated().first { $1.0 != $1.1 }?.offset ?? min(ours.count, theirs.count)
        let our = line < ours.count ? String(ours[line]) : "<end>"
        let their = line < theirs.count ? String(theirs[line]) : "<end>"
        return "line \(line + 1): ours \"\(our)\", graphql-core \"\(their)\""
    }
}
