import APICoreTestSupport
import Foundation
import Testing

/// Input files that are not UTF-8: the tools say where the first bad byte is, as a compiler does, on every platform
/// the package declares (the check uses no API newer than macOS 14).
@Suite("Input files that are not UTF-8")
struct InputEncodingTests {
    /// Byte sequences that UTF-8 rejects at their first byte: a byte no sequence starts with, a lone continuation
    /// byte, an overlong encoding, a sequence cut short, a UTF-16 surrogate, a code point past U+10FFFF.
    static let invalidSequences: [[UInt8]] = [
        [0xFF], [0x80], [0xC0, 0x80], [0xE2, 0x82, 0x20], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ]

    /// Pieces of a valid document, some with characters of two, three and four bytes.
    static let pieces = [
        "query Hero { hero { name } }\n", "# Grüße\n", "# 名前\n", "# 🚀 launch\n", "\n", "  ", "{ __typename }\n",
    ]

    @Test("a document with one bad sequence at a random place: refused at its line and byte column (40 seeded cases)")
    func reportsTheFirstBadByte() async throws {
        var generator = SeededGenerator(seed: 0x0055_7F08)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try Data("type Query { hero: Hero } type Hero { name: String }".utf8).write(to: schema)

        for index in 0..<40 {
            let count = Int.random(in: 1...8, using: &generator)
            let chosen = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }
            let cut = Int.random(in: 0...count, using: &generator)
            let before = Array(chosen[..<cut].joined().utf8)
            let bad = Self.invalidSequences.randomElement(using: &generator)!
            let document = folder.appendingPathComponent("case-\(index).graphql")
            try Data(before + bad + Array(chosen[cut...].joined().utf8)).write(to: document)

            let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            let result = try await APICoreExecutable.run(["validate", "--schema", schema.path, document.path])
            #expect(result.status != 0, "case \(index): \(bad) was accepted")
            #expect(
                result.error.contains("\(document.path):\(line):\(column)")
                    && result.error.contains("not valid UTF-8"),
                "case \(index) (bytes \(bad) after \(before.count) bytes): \(result.error)")
        }
    }

    @Test("characters of two, three and four bytes are read as they are")
    func acceptsMultibyteCharacters() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("schema.graphqls")
        try Data("type Query { hero: Hero } type Hero { name: String }".utf8).write(to: schema)
        let document = folder.appendingPathComponent("hero.graphql")
        try Data(Self.pieces.prefix(4).joined().utf8).write(to: document)
        let result = try await APICoreExecutable.run(["validate", "--schema", schema.path, document.path])
        #expect(result.status == 0, "\(result.error)")
    }
}
