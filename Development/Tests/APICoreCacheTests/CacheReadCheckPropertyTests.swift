import APICoreGraphQL
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreCache

/// The property: a cache read that checks values as it rebuilds them answers exactly as a read that rebuilds the data
/// and then decodes it with the whole-tree check (what network data goes through): the same data, or an error with the
/// same code, key, response path and reason.
///
/// The records are those of a seeded generated response (`GeneratedResponse`), then damaged at random: a field of the
/// wrong kind, a null, a field or `__typename` removed, a reference where a list belongs and the reverse. A failure
/// names its seed.
@Suite("Cache reads check what they rebuild as a network decode does", .cpuBound)
struct CacheReadCheckPropertyTests {
    static let seeds: ClosedRange<UInt64> = 1...400

    @Test("over damaged records, a read gives the whole-tree check's answer: the same data or the same error")
    func damagedRecords() throws {
        var outcomes: [String: Int] = [:]
        for seed in Self.seeds {
            let response = GeneratedResponse(seed: seed, root: GraphQLSelectionTree(PropertySchema.Root.self))
            let decoded = try CacheStore().decode(
                PropertySchema.Root.self, from: response.data, variables: response.variables, rootKey: .queryRoot)
            var records = decoded.records.records
            var random = SeededGenerator(seed: seed &* 0x9E37_79B9)
            // A quarter of the seeds read intact records, which must give the decoded data back.
            let damages = seed % 4 == 0 ? 0 : Int.random(in: 1...3, using: &random)
            for _ in 0..<damages { Self.damage(&records, using: &random) }

            let checked = Self.read(records, variables: response.variables, checksWhileBuilding: true)
            let reference = Self.read(records, variables: response.variables, checksWhileBuilding: false)
            // Loading the records level by level ahead, as a SQLite cache does, must not change the answer.
            let batched = Self.read(
                records, variables: response.variables, checksWhileBuilding: true, batchesLoads: true)
            #expect(Self.same(batched, checked), "\(response): batched \(batched), one by one \(checked)")
            switch (checked, reference) {
            case (.success(let value), .success(let expected)):
                #expect(value == expected, "\(response)")
                if damages == 0 { #expect(value == decoded.data, "\(response)") }
                outcomes["read", default: 0] += 1
            case (.failure(let error), .failure(let expected)):
                #expect(error.code == expected.code, "\(response)")
                #expect(error.key == expected.key, "\(response)")
                #expect(error.path == expected.path, "\(response)")
                #expect(error.field == expected.field, "\(response)")
                #expect(error.description == expected.description, "\(response)")
                outcomes["\(error.code)", default: 0] += 1
            default:
                Issue.record("\(response): checked \(checked), whole-tree \(reference)")
            }
        }
        // Both kinds of answer, and the decoding failures the checks exist for, must have been met.
        #expect(outcomes["read", default: 0] > 50, "\(outcomes)")
        #expect(outcomes["\(CacheError.Code.decoding)", default: 0] > 20, "\(outcomes)")
    }

    private static func same(
        _ left: Result<PropertySchema.Root, CacheError>, _ right: Result<PropertySchema.Root, CacheError>
    ) -> Bool {
        switch (left, right) {
        case (.success(let left), .success(let right)): left == right
        case (.failure(let left), .failure(let right)): left.description == right.description
        default: false
        }
    }

    private static func read(
        _ records: [CacheKey: Record], variables: JSONObject, checksWhileBuilding: Bool, batchesLoads: Bool = false
    ) -> Result<PropertySchema.Root, CacheError> {
        var reader = CacheDataReader(
            variables: variables, now: Date(timeIntervalSince1970: 0), tracksDependencies: false,
            batchesLoads: batchesLoads,
            load: { key in records[key] },
            loadMany: { keys in records.filter { keys.contains($0.key) } })
        reader.checksWhileBuilding = checksWhileBuilding
        do throws(CacheError) {
            return .success(try reader.read(PropertySchema.Root.self, at: .queryRoot))
        } catch {
            return .failure(error)
        }
    }

    /// One random change to one field of one record.
    private static func damage(_ records: inout [CacheKey: Record], using random: inout SeededGenerator) {
        let keys = records.keys.sorted { $0.rawValue < $1.rawValue }
        guard let key = keys.randomElement(using: &random), var record = records[key] else { return }
        let names = record.fields.keys.sorted()
        guard let name = names.randomElement(using: &random), let value = record.fields[name] else { return }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            record.fields[name] = nil
        case 1:
            record.fields[name] = .value(wrongJSON(using: &random))
        case 2:
            record.fields[name] = .null
        case 3:
            // A reference where a list belongs, or a list where one value belongs.
            switch value {
            case .list(let elements): record.fields[name] = elements.first ?? .reference(key)
            default: record.fields[name] = .list([value])
            }
        default:
            // One element of a list damaged.
            guard case .list(var elements) = value, !elements.isEmpty else {
                record.fields[name] = .value(wrongJSON(using: &random))
                break
            }
            let index = Int.random(in: 0..<elements.count, using: &random)
            elements[index] = Bool.random(using: &random) ? .null : .value(wrongJSON(using: &random))
            record.fields[name] = .list(elements)
        }
        records[key] = record
    }

    private static func wrongJSON(using random: inout SeededGenerator) -> JSONValue {
        let choices: [JSONValue] = [
            .string("x"), .int(7), .bool(true), .double(1.5), .array([]), .array([.null]), .object(["a": .int(1)]),
            .object([:]), .null,
        ]
        return choices[Int.random(in: 0..<choices.count, using: &random)]
    }
}
