import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Broken input never crashes the parser: every failure is one located syntax error inside the input.
@Suite("Robustness", .cpuBound)
struct RobustnessTests {
    /// Corpus documents small enough to mutate thousands of times, plus a slice of the GitHub schema.
    private static func seeds() throws -> [(path: String, bytes: [UInt8])] {
        var seeds = try Corpus.documentPaths.filter { !$0.hasSuffix(".graphqls") || $0.contains("kitchen-sink") }
            .map { ($0, Array(try Corpus.text($0).utf8)) }
        let github = Array(try Corpus.text("github/schema.graphqls").utf8)
        seeds.append(("github/schema.graphqls (slice)", Array(github[40_000..<56_000])))
        seeds.append(("starwars/schema.graphqls", Array(try Corpus.text("starwars/schema.graphqls").utf8)))
        return seeds
    }

    /// Bytes a mutation inserts: punctuators, quotes, escapes, digits, line terminators, multi-byte characters.
    private static let interesting: [[UInt8]] = [
        "{", "}", "(", ")", "[", "]", ":", "=", "@", "$", "!", "|", "&", "...", "..", ".", "\"", "\"\"\"", "\\",
        "\\u", "\\uD83D", "\\u{", "#", "\n", "\r", "\r\n", "0", "1.", "-", "e", "x", " ", ",", "\u{FEFF}", "é", "😀",
        "on", "query", "fragment", "extend", "type", "\u{0}", "'",
    ].map { Array($0.utf8) }

    private static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            bytes.removeSubrange(Int.random(in: 0...bytes.count, using: &generator)...)
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
        case 2:
            let insertion = interesting.randomElement(using: &generator)!
            bytes.insert(contentsOf: insertion, at: Int.random(in: 0...bytes.count, using: &generator))
        case 3 where !bytes.isEmpty:
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...20, using: &generator)))
        default:
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let end = min(bytes.count, start + Int.random(in: 0...40, using: &generator))
            bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &generator))
        }
        return bytes
    }

    /// The line and column of UTF-8 `offset` in `text`, counted independently of the lexer.
    private static func lineAndColumn(of offset: Int, in text: String) -> (line: Int, column: Int) {
        let prefix = String(decoding: text.utf8.prefix(offset), as: UTF8.self)
        var line = 1
        var column = 1
        var previous: Unicode.Scalar?
        for scalar in prefix.unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                // The second half of a CRLF: already counted.
            } else if scalar == "\n" || scalar == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previous = scalar
        }
        return (line, column)
    }

    @Test("thousands of truncated, byte-flipped and spliced corpus documents fail cleanly or round-trip")
    func mutatedCorpus() throws {
        var generator = SeededGenerator(seed: 0x4752_4150_484C)
        let seeds = try Self.seeds()
        var failures = 0
        var successes = 0
        for round in 0..<4_000 {
            let seed = seeds[round % seeds.count]
            var bytes = Self.mutate(seed.bytes, using: &generator)
            if round % 3 == 0 { bytes = Self.mutate(bytes, using: &generator) }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let document = try Parser.parse(Source(name: "fuzz", text: text))
                successes += 1
                let printed = Printer.print(document)
                #expect(try Parser.parse(Source(name: "printed", text: printed)) == document, "round \(round)")
            } catch {
                failures += 1
                try Self.checkLocated(error, in: text, round: round)
            }
        }
        #expect(failures > 1_000 && successes > 100)
    }

    private static func checkLocated(_ error: CompilerError, in text: String, round: Int) throws {
        try #require(error.diagnostics.count == 1, "round \(round): \(error)")
        let diagnostic = error.diagnostics[0]
        #expect(diagnostic.rule == "syntax" && diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix("Syntax Error: "))
        let location = try #require(diagnostic.locations.first)
        #expect(location.file == "fuzz")
        try #require((0...text.utf8.count).contains(location.offset), "round \(round): \(error)")
        let expected = lineAndColumn(of: location.offset, in: text)
        #expect(location.line == expected.line && location.column == expected.column, "round \(round): \(error)")
    }

    @Test("every prefix of a document with every kind of token fails cleanly or parses")
    func everyPrefix() throws {
        let text =
            try Corpus.text("graphql-js/kitchen-sink-query.graphql") + "\n"
            + "{ s(a: \"é\\u{1F600}\\uD83D\\uDE00\\n\", b: -1.5e-3, c: \"\"\"\r\n  x \\\"\"\"\r\n\"\"\") }"
        let bytes = Array(text.utf8)
        for length in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<length], as: UTF8.self)
            do {
                _ = try Parser.parse(Source(name: "fuzz", text: prefix))
            } catch {
                try Self.checkLocated(error, in: prefix, round: length)
            }
        }
    }
}
