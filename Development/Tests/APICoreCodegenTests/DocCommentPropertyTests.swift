import APICoreCodegen
import APICoreTestSupport
import Foundation
import Testing

/// Field descriptions drawn at random from text that breaks comments and hides characters (line breaks of every
/// kind, trailing blanks, controls, format characters, joiners, combining marks), generated into one operation: each
/// field's `///` lines are what a plain model of the rules makes of its description.
@Suite("Doc comments of random descriptions", .cpuBound)
struct DocCommentPropertyTests {
    /// What descriptions are made of; ASCII-only ones take the generator's fast path, the others its general one.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "7", " ", " ", "\t", "\r", "\n", "*", "/", "\"", "\\", "é", "\u{301}", "\u{200B}", "\u{200C}",
        "\u{200D}", "\u{2028}", "\u{1}", "\u{7F}", "\u{202E}", "字",
    ]

    @Test("each description's lines, split at CR LF, CR and LF, without trailing blanks, hidden characters shown")
    func randomDescriptions() throws {
        var random = SeededGenerator(seed: 20_261_130)
        let descriptions: [[Unicode.Scalar]] = (0..<150).map { index in
            // Every tenth is printable ASCII and line feeds only.
            let alphabet = index % 10 == 0 ? Self.alphabet.filter(Self.isPrintableASCIIOrLineFeed) : Self.alphabet
            return (0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        }
        let fields = descriptions.enumerated().map { index, description in
            "  \"\(Self.graphQLString(description))\"\n  f\(index): String"
        }
        let files = try GeneratorHarness.generate(
            sdl: "type Query {\n\(fields.joined(separator: "\n"))\n}",
            operations: "query Q { \((0..<descriptions.count).map { "f\($0)" }.joined(separator: " ")) }")
        let lines = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
            .split(separator: "\n", omittingEmptySubsequences: false)
            // Only the indentation goes: trailing blanks are part of what is checked.
            .map { String($0.drop { $0 == " " }) }
        for (index, description) in descriptions.enumerated() {
            let declaration = "@_alwaysEmitIntoClient public var f\(index): "
            let property = try #require(lines.firstIndex { $0.hasPrefix(declaration) })
            var start = property
            while start > 0, lines[start - 1].hasPrefix("///") { start -= 1 }
            let comment = Array(lines[start..<property])
            let scalars = description.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
            #expect(comment == Self.expectedComment(description), "f\(index): \(scalars)")
        }
    }

    static func isPrintableASCIIOrLineFeed(_ scalar: Unicode.Scalar) -> Bool {
        (0x20..<0x7F).contains(scalar.value) || scalar == "\n"
    }

    /// The rules: empty says nothing; else one `///` line per line (CR LF, a lone CR and LF each end one), without the
    /// spaces and tabs that end it, with each control, format character or line or paragraph separator other than a
    /// tab and the joiners written `\u{...}`.
    static func expectedComment(_ description: [Unicode.Scalar]) -> [String] {
        guard !description.isEmpty else { return [] }
        var lines: [[Unicode.Scalar]] = [[]]
        var index = 0
        while index < description.count {
            let scalar = description[index]
            if scalar == "\r" || scalar == "\n" {
                if scalar == "\r", index + 1 < description.count, description[index + 1] == "\n" { index += 1 }
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
            index += 1
        }
        return lines.map { line in
            var line = line[...]
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            guard !line.isEmpty else { return "///" }
            let text = line.map { scalar -> String in
                let hidden: Bool
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator: hidden = true
                default: hidden = false
                }
                let kept = scalar == "\t" || scalar == "\u{200C}" || scalar == "\u{200D}"
                return hidden && !kept ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
            return "/// " + text.joined()
        }
    }

    /// `scalars` as the inside of a GraphQL string: quotes and backslashes escaped, everything but printable ASCII as
    /// `\uXXXX`.
    static func graphQLString(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: return String(scalar)
            default: return String(format: "\\u%04X", scalar.value)
            }
        }.joined()
    }
}
