import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import Testing

/// `JSONValueDecoder` on a `JSONValue` against Foundation's `JSONDecoder` on the same JSON as text, written by
/// `JSONSerialization`: both must decode the same value, or fail with the same kind of error at the same path.
@Suite("JSONValueDecoder and Foundation")
struct JSONValueFoundationEquivalenceTests {
    static let product: JSONValue = [
        "sku": "A-1", "price": 19.99, "thumbnail": "iVBORw0KGgo=", "homepage": "https://example.com/p?id=1",
        "released": .int(1_704_164_645), "dimensions": [[1, 2.5], [], [-0.125]],
    ]

    static let numbers: JSONValue = [
        "int": .int(-9_007_199_254_740_993), "int8": -128, "int16": 32767, "int32": 7.0, "int64": .int(.max),
        "uint": 0, "uint8": 255, "uint16": 65535, "uint32": .int(4_294_967_295), "uint64": .int(.max),
        "float": 0.1, "double": 1e-300,
    ]

    static let account: JSONValue = [
        "first_name": "Ada", "last_name": "Lovelace", "account_number": 42, "is_active": false, "nickname": nil,
        "metadata": ["some_key": "kept", "otherKey": "as is"],
    ]

    /// Decodes `value` both ways and compares the outcomes.
    func expectSameOutcome<T: Decodable & Equatable>(
        _ type: T.Type,
        from value: JSONValue,
        snakeCase: Bool = false,
        datesSince1970: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var decoder = JSONValueDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        if datesSince1970 { decoder.dateDecodingStrategy = .secondsSince1970 }
        let ours = Result { try decoder.decode(type, from: value) }
        let foundation = Result {
            try FoundationCoding.decode(type, from: value) { decoder in
                if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
                if datesSince1970 { decoder.dateDecodingStrategy = .secondsSince1970 }
            }
        }
        switch (ours, foundation) {
        case (.success(let ours), .success(let foundation)):
            #expect(ours == foundation, sourceLocation: sourceLocation)
        case (.failure(let ours), .failure(let foundation)):
            let (oursSummary, foundationSummary) = (DecodingErrorSummary(ours), DecodingErrorSummary(foundation))
            #expect(oursSummary.kind == foundationSummary.kind, sourceLocation: sourceLocation)
            #expect(oursSummary.codingPath == foundationSummary.codingPath, sourceLocation: sourceLocation)
        default:
            Issue.record("Outcomes differ: \(ours) against Foundation's \(foundation)", sourceLocation: sourceLocation)
        }
    }

    @Test func modelsDecodeTheSame() {
        expectSameOutcome(TestTeam.self, from: JSONValueDecoderTests.teamJSON)
        expectSameOutcome(TestUser.self, from: JSONValueDecoderTests.graceJSON)
        expectSameOutcome(TestProduct.self, from: Self.product, datesSince1970: true)
        expectSameOutcome(TestNumbers.self, from: Self.numbers)
        expectSameOutcome(TestAccount.self, from: Self.account, snakeCase: true)
        expectSameOutcome(
            TestGeometry.self, from: ["position": ["x": 1, "y": -2.5], "corners": [[1], [2], [3]]])
        expectSameOutcome([String: [Int?]].self, from: ["a": [1, nil], "some_key": []], snakeCase: true)
        expectSameOutcome([TestRole].self, from: ["admin", "member"])
        expectSameOutcome(TestPatch.self, from: ["title": nil])
        expectSameOutcome(TestPatch.self, from: [:])
    }

    @Test func failuresHaveTheSameKindAndPath() {
        var team = JSONValueDecoderTests.teamJSON.objectValue!
        var users = team["users"]!.arrayValue!
        var user = users[3].objectValue!

        user["email"] = 5
        users[3] = .object(user)
        team["users"] = .array(users)
        expectSameOutcome(TestTeam.self, from: .object(team))

        user["email"] = "e"
        user["address"] = ["city": "c"]
        users[3] = .object(user)
        team["users"] = .array(users)
        expectSameOutcome(TestTeam.self, from: .object(team))

        user["address"] = ["street": "s", "city": nil]
        users[3] = .object(user)
        team["users"] = .array(users)
        expectSameOutcome(TestTeam.self, from: .object(team))

        expectSameOutcome(TestRole.self, from: "owner")
        expectSameOutcome([Int].self, from: [1, "2"])
        expectSameOutcome(Int.self, from: 1.5)
        expectSameOutcome(TestAccount.self, from: ["first_name": "A"], snakeCase: true)
        expectSameOutcome(TestGeometry.self, from: ["position": [1, 2], "corners": []])
    }

    @Test func jsonValueDecodesThroughFoundation() throws {
        let value: JSONValue = [
            "big": .int(9_007_199_254_740_993), "pi": 3.25, "whole": 2.0, "flags": [true, false, nil],
            "text": "héllo", "nested": ["empty": [:], "list": []],
        ]
        var expected = value.objectValue!
        expected["whole"] = 2  // Foundation reports integral numbers as integers.
        #expect(try FoundationCoding.decode(JSONValue.self, from: value) == .object(expected))
        #expect(try FoundationCoding.decode(JSONObject.self, from: value) == expected)

        let envelope = try FoundationCoding.decode(
            TestEnvelope.self, from: ["kind": "k", "payload": value, "extensions": ["cost": 1]])
        #expect(envelope == TestEnvelope(kind: "k", payload: .object(expected), extensions: ["cost": 1]))
    }

    @Test func jsonValueEncodesThroughFoundation() throws {
        let value: JSONValue = ["b": .int(9_007_199_254_740_993), "a": [1.5, "x", nil, true, ["c": []]]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)

        let envelope = TestEnvelope(kind: "k", payload: value, extensions: ["z": 1])
        let decoded = try JSONDecoder().decode(TestEnvelope.self, from: JSONEncoder().encode(envelope))
        #expect(decoded == envelope)
    }

    @Test func encoderOutputDecodesWithFoundation() throws {
        let team = TestTeam(users: [.ada, .grace], priority: .high, budget: ["x": 1])
        let encoded = try JSONValueEncoder().encode(team)
        #expect(try JSONDecoder().decode(TestTeam.self, from: FoundationCoding.data(encoded)) == team)

        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        foundationDecoder.dateDecodingStrategy = .iso8601
        let account = TestAccount(
            firstName: "A", lastName: "B", accountNumber: 3, isActive: true, nickname: nil,
            metadata: ["keyName": "v"])
        let accountData = try FoundationCoding.data(encoder.encode(account))
        #expect(try foundationDecoder.decode(TestAccount.self, from: accountData) == account)

        let product = TestProduct(
            sku: "s", price: Decimal(string: "19.99")!, thumbnail: Data([0, 1, 2, 255]),
            homepage: URL(string: "https://example.com")!, released: Date(timeIntervalSince1970: 1_704_164_645),
            dimensions: [[1, 2]])
        let productData = try FoundationCoding.data(encoder.encode(product))
        #expect(try foundationDecoder.decode(TestProduct.self, from: productData) == product)
    }
}
