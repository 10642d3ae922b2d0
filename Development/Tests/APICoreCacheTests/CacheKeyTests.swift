import APICoreTestSupport
import Testing

@testable import APICoreCache

/// The key of an object without an identity, written in one allocation, is the text appending part by part makes.
@Suite("Cache keys")
struct CacheKeyTests {
    @Test("a key with a field and list indexes appended at once reads as one appended part by part", arguments: 1...200)
    func appendingAtOnce(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let texts = [
            "", "QUERY_ROOT", "User:1", "Repository:MDEwOlJlcG9zaXRvcnk0NTA2MTE5MQ==", "é", "a\u{0}b", "🙂",
            String(repeating: "long", count: 40),
        ]
        let fields = [
            "", "nodes", "issues({\"last\":100})", "repository({\"name\":\"apollo-ios\",\"owner\":\"apollographql\"})",
            "ünïcödé", "a.b",
        ]
        let specialIndexes = [0, 1, 9, 10, 99, 100, 12_345, Int.max, -1, -10, Int.min]
        let key = CacheKey(texts.randomElement(using: &random) ?? "")
        let field = fields.randomElement(using: &random) ?? ""
        let indexes = (0..<Int.random(in: 0...6, using: &random)).map { _ in
            Bool.random(using: &random)
                ? specialIndexes.randomElement(using: &random) ?? 0 : Int.random(in: 0...100_000, using: &random)
        }
        let expected = indexes.reduce(key.appending(field: field)) { $0.appending(index: $1) }
        let made = key.appending(field: field, indexes: indexes)
        #expect(made == expected, "seed \(seed)")
        #expect(made.rawValue.utf8.elementsEqual(expected.rawValue.utf8), "seed \(seed)")
        #expect(made.hashValue == expected.hashValue, "seed \(seed)")
    }

    @Test("a key made of a type name and an identity reads as the two joined by a colon", arguments: 1...50)
    func typenameAndIdentity(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let parts = [
            "", "User", "MDQ6VXNlcjE5NzY0OTg=", "é🙂", "a:b",
            String(repeating: "x", count: Int.random(in: 0...200, using: &random)),
        ]
        let typename = parts.randomElement(using: &random) ?? ""
        let identity = parts.randomElement(using: &random) ?? ""
        let key = CacheKey(typename: typename, identity: identity)
        #expect(key == CacheKey(typename + ":" + identity), "seed \(seed)")
        #expect(key.rawValue.utf8.count == typename.utf8.count + 1 + identity.utf8.count, "seed \(seed)")
    }
}
