import APICoreGraphQL
import APICoreScalars
import APICoreTestSupport
import Testing

@testable import APICoreCache
@testable import APICoreGraphQL

/// A record's fields behave as a dictionary keyed by storage key does, whatever the order of operations and however
/// many fields (lookups switch to a hash index past `RecordFields.indexThreshold`).
@Suite("Record fields")
struct RecordFieldsTests {
    @Test(
        "seeded sequences of sets, replacements and removals leave the same fields as a dictionary",
        arguments: 1...200)
    func matchesDictionary(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Few names, so that names repeat and are removed again; up to 40, so that the index is built and dropped.
        let names = (0..<Int.random(in: 1...40, using: &random)).map { "f\($0)(id:\"\($0 % 7)\")" } + ["", "é", "a\0b"]
        var fields = RecordFields()
        var model: [String: RecordValue] = [:]
        for step in 0..<Int.random(in: 0...300, using: &random) {
            let name = names.randomElement(using: &random) ?? ""
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let value = RecordValue.value(.int(Int64(step)))
                fields[name] = value
                model[name] = value
            case 6..<8:
                #expect(fields.removeValue(forKey: name) == model.removeValue(forKey: name), "seed \(seed)")
            default:
                fields[name] = nil
                model[name] = nil
            }
            #expect(fields[name] == model[name], "seed \(seed)")
        }
        #expect(fields.count == model.count, "seed \(seed)")
        #expect(fields.dictionary == model, "seed \(seed)")
        #expect(Set(fields.keys) == Set(model.keys), "seed \(seed)")
        for (name, value) in fields { #expect(model[name] == value, "seed \(seed)") }
        for name in names { #expect(fields[name] == model[name], "seed \(seed) \(name)") }
        // The same fields in another order are equal and hash alike.
        let reordered = RecordFields(model)
        #expect(reordered == fields, "seed \(seed)")
        #expect(reordered.hashValue == fields.hashValue, "seed \(seed)")
    }

    @Test(
        "a lookup that starts where a field is expected finds what a plain lookup finds, wherever it starts",
        arguments: 1...100)
    func expectedPosition(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Up to 30 names, so that both the scan and the hash index (past `indexThreshold`) are tried.
        let names = (0..<Int.random(in: 0...30, using: &random)).map { "f\($0)" }.shuffled(using: &random)
        let fields = RecordFields(
            uniqueKeys: names, values: names.indices.map { RecordValue.value(.int(Int64($0))) })
        let object = JSONObject(uniqueKeys: names, values: names.indices.map { JSONValue.int(Int64($0)) })
        for name in names + ["absent", "", "f"] {
            for expected in -2...(names.count + 2) {
                #expect(fields.position(of: name, expectedAt: expected) == fields.position(of: name), "seed \(seed)")
                #expect(object.position(of: name, expectedAt: expected) == object.position(of: name), "seed \(seed)")
            }
        }
    }

    @Test("assigning lists of names and values leaves what setting them one by one leaves", arguments: 1...100)
    func assignMatchesSubscript(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pool = (0..<30).map { "f\($0)" }
        let stored = Array(pool.shuffled(using: &random).prefix(Int.random(in: 0...20, using: &random)))
        var fields = RecordFields(
            uniqueKeys: stored, values: stored.indices.map { RecordValue.value(.int(Int64($0))) })
        // The names written again: the stored ones in their order (the usual case), with some left out, some new.
        var names = stored.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
        names += pool.filter { !stored.contains($0) }.prefix(Int.random(in: 0...5, using: &random))
        if Bool.random(using: &random) { names.shuffle(using: &random) }
        let values = names.indices.map { RecordValue.value(.string("new \($0)")) }
        var model = fields
        for (name, value) in zip(names, values) { model[name] = value }
        fields.assign(names: names, values: values)
        #expect(fields.keys == model.keys, "seed \(seed)")
        #expect(fields.values == model.values, "seed \(seed)")
        for name in pool { #expect(fields[name] == model[name], "seed \(seed) \(name)") }
    }

    @Test("fields keep the order they were first stored in, and a replaced value keeps its place")
    func order() {
        var fields: RecordFields = ["b": .value(1), "a": .value(2)]
        fields["c"] = .value(3)
        fields["b"] = .value(4)
        #expect(fields.keys == ["b", "a", "c"])
        #expect(fields.values == [.value(4), .value(2), .value(3)])
        fields["a"] = nil
        #expect(Array(fields.map(\.key)) == ["b", "c"])
    }

    @Test("fields differing in one value, or in one name, are not equal")
    func inequality() {
        let fields: RecordFields = ["a": .value(1), "b": .reference("User:1")]
        #expect(fields != ["a": .value(1), "b": .reference("User:2")])
        #expect(fields != ["a": .value(1), "c": .reference("User:1")])
        #expect(fields != ["a": .value(1)])
        #expect(fields == ["b": .reference("User:1"), "a": .value(1)])
    }

    @Test("the records a response makes from the same selection set share one array of names")
    func sharedNames() throws {
        let edges: [JSONValue] = (1...10).map { index in
            .object([
                "__typename": "ItemEdge", "cursor": .string("c\(index)"),
                "node": .object([
                    "__typename": "Item", "id": .string("\(index)"), "position": .int(Int64(index)),
                    "title": .string("Item \(index)"),
                ]),
            ])
        }
        let data: JSONObject = [
            "items": .object([
                "__typename": "ItemConnection", "edges": .array(edges), "totalCount": 10,
                "pageInfo": .object([
                    "__typename": "PageInfo", "hasNextPage": false, "hasPreviousPage": false, "startCursor": "c1",
                    "endCursor": "c10",
                ]),
            ])
        ]
        let records = try CacheStore().decode(ItemsQuery(first: 10), data: data).records.records.values
        let items = records.filter { $0.key.rawValue.hasPrefix("Item:") }
        let edgeRecords = records.filter { $0.key.rawValue.contains(".edges.") }
        #expect(items.count == 10 && edgeRecords.count == 10)
        for group in [items, edgeRecords] {
            let storages = Set(
                group.map { $0.fields.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } })
            #expect(storages.count == 1)
        }
        #expect(items.allSatisfy { $0.fields.keys == ["__typename", "id", "position", "title"] })
        #expect(items.first { $0.key == "Item:3" }?.fields["title"] == .value("Item 3"))
    }
}
