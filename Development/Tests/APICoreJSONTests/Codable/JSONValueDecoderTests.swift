import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import Testing

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    static let adaJSON: JSONValue = [
        "id": .int(9_007_199_254_740_993), "name": "Ada", "email": "ada@example.com", "role": "admin",
        "address": ["street": "1 Analytical Way", "city": "London"], "tags": ["math", "engines"], "score": 99.5,
    ]

    static let graceJSON: JSONValue = [
        "id": 2, "name": "Grace", "email": nil, "role": "member",
        "address": ["street": "2 Compiler Road", "city": "Arlington", "postcode": "22201"], "tags": [], "score": 42,
    ]

    static let teamJSON: JSONValue = [
        "users": [adaJSON, graceJSON, adaJSON, graceJSON], "priority": 2, "budget": ["travel": 100, "books": 50],
    ]

    /// Decodes and returns the error, failing the test when decoding succeeds.
    func decodingError<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        decoder: JSONValueDecoder = JSONValueDecoder()
    ) -> DecodingErrorSummary? {
        do {
            let decoded = try decoder.decode(type, from: value)
            Issue.record("Expected an error, decoded \(decoded)")
            return nil
        } catch {
            return DecodingErrorSummary(error)
        }
    }

    // MARK: - Structure

    @Test func decodesNestedStructsArraysAndDictionaries() throws {
        let team = try JSONValueDecoder().decode(TestTeam.self, from: Self.teamJSON)
        #expect(team.users == [.ada, .grace, .ada, .grace])
        #expect(team.priority == .high)
        #expect(team.budget == ["travel": 100, "books": 50])
    }

    @Test func decodesTopLevelScalarsArraysAndOptionals() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(String.self, from: "text") == "text")
        #expect(try decoder.decode([Int?].self, from: [1, nil, 3]) == [1, nil, 3])
        #expect(try decoder.decode(Int?.self, from: nil) == nil)
        #expect(try decoder.decode([[Bool]].self, from: [[true], [], [false, true]]) == [[true], [], [false, true]])
        #expect(try decoder.decode([String: Double].self, from: ["a": 1, "b": 2.5]) == ["a": 1, "b": 2.5])
    }

    @Test func optionalMembersTellAbsentFromNull() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(TestPatch.self, from: [:]).title == .absent)
        #expect(try decoder.decode(TestPatch.self, from: ["title": nil]).title == .null)
        #expect(try decoder.decode(TestPatch.self, from: ["title": "New"]).title == .value("New"))

        // Synthesized `decodeIfPresent`: absent and null both give nil.
        let absent = try decoder.decode(TestAddress.self, from: ["street": "s", "city": "c"])
        let null = try decoder.decode(TestAddress.self, from: ["street": "s", "city": "c", "postcode": nil])
        #expect(absent.postcode == nil)
        #expect(null.postcode == nil)
    }

    @Test func enumsDecodeFromRawValues() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode([TestRole].self, from: ["admin", "member"]) == [.admin, .member])
        #expect(try decoder.decode([TestPriority].self, from: [1, 2.0]) == [.low, .high])
        #expect(decodingError(TestRole.self, from: "owner")?.kind == "dataCorrupted")
        #expect(decodingError(TestPriority.self, from: "1")?.kind == "typeMismatch")
    }

    @Test func classHierarchiesDecodeThroughSuperDecoder() throws {
        let dog = try JSONValueDecoder().decode(TestDog.self, from: ["breed": "Collie", "super": ["name": "Lassie"]])
        #expect(dog == TestDog(name: "Lassie", breed: "Collie"))
    }

    @Test func nestedContainersDecodeAndReportTheirPaths() throws {
        let value: JSONValue = ["position": ["x": 1, "y": 2.5], "corners": [[1], [2]]]
        let geometry = try JSONValueDecoder().decode(TestGeometry.self, from: value)
        #expect(geometry == TestGeometry(x: 1, y: 2.5, corners: [1, 2]))

        let broken: JSONValue = ["position": ["x": 1, "y": 2], "corners": [[1], ["two"]]]
        let error = decodingError(TestGeometry.self, from: broken)
        #expect(error?.kind == "typeMismatch")
        #expect(error?.codingPath == ["corners", "Index 1", "Index 0"])
    }

    // MARK: - Numbers

    @Test func integersBeyondDoublePrecisionDecodeExactly() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Int64.self, from: .int(9_007_199_254_740_993)) == 9_007_199_254_740_993)
        #expect(try decoder.decode(Int64.self, from: .int(.max)) == .max)
        #expect(try decoder.decode(Int64.self, from: .int(.min)) == .min)
        #expect(try decoder.decode(UInt64.self, from: .int(.max)) == UInt64(Int64.max))
        #expect(try decoder.decode(Int.self, from: .int(-42)) == -42)
    }

    @Test func integralDoublesDecodeAsIntegers() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Int.self, from: .double(1.0)) == 1)
        #expect(try decoder.decode(UInt8.self, from: .double(255)) == 255)
        #expect(try decoder.decode(Int64.self, from: .double(-9.007_199_254_740_992e15)) == -9_007_199_254_740_992)

        let fraction = decodingError(Int.self, from: .double(1.5))
        #expect(fraction?.kind == "dataCorrupted")
        #expect(fraction?.debugDescription.contains("fractional") == true)
        #expect(decodingError(Int64.self, from: .double(1e20))?.kind == "dataCorrupted")
        #expect(decodingError(UInt64.self, from: .double(1.8446744073709552e19))?.kind == "dataCorrupted")
    }

    @Test(arguments: [
        (JSONValue.int(128), "Int8"), (.int(-1), "UInt8"), (.int(70_000), "UInt16"), (.int(-40_000), "Int16"),
        (.int(5_000_000_000), "Int32"), (.int(-5), "UInt64"), (.double(-1), "UInt"),
    ])
    func integerOverflowIsDataCorruptedWithThePath(value: JSONValue, typeName: String) {
        let team: JSONValue = ["users": [["age": 1], ["age": 2], ["age": 3], ["age": value]]]
        let error: DecodingErrorSummary? =
            switch typeName {
            case "Int8": decodingError(AgedTeam<Int8>.self, from: team)
            case "UInt8": decodingError(AgedTeam<UInt8>.self, from: team)
            case "UInt16": decodingError(AgedTeam<UInt16>.self, from: team)
            case "Int16": decodingError(AgedTeam<Int16>.self, from: team)
            case "Int32": decodingError(AgedTeam<Int32>.self, from: team)
            case "UInt64": decodingError(AgedTeam<UInt64>.self, from: team)
            default: decodingError(AgedTeam<UInt>.self, from: team)
            }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.codingPath == ["users", "Index 3", "age"])
        #expect(error?.debugDescription.contains(typeName) == true)
    }

    struct AgedTeam<Age: Decodable>: Decodable {
        struct Member: Decodable {
            var age: Age
        }

        var users: [Member]
    }

    @Test func floatingPointDecodesFromBothNumberKinds() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Double.self, from: 3) == 3)
        #expect(try decoder.decode(Double.self, from: 0.1) == 0.1)
        #expect(try decoder.decode(Float.self, from: 0.1) == Float(0.1))
        #expect(try decoder.decode(Float.self, from: 7) == 7)
        #expect(decodingError(Float.self, from: 1e300)?.kind == "dataCorrupted")
        #expect(decodingError(Double.self, from: "1.5")?.kind == "typeMismatch")
    }

    @Test func decimalDecodesFromNumbers() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Decimal.self, from: 0.1) == Decimal(string: "0.1"))
        #expect(
            try decoder.decode(Decimal.self, from: .int(9_007_199_254_740_993)) == Decimal(string: "9007199254740993"))
        #expect(try decoder.decode(Decimal.self, from: 1e-7) == Decimal(string: "0.0000001"))
        #expect(decodingError(Decimal.self, from: "0.1")?.kind == "typeMismatch")
    }

    @Test func numbersKeptAsTextDecodeExactlyOrFailAsOutOfRange() throws {
        let decoder = JSONValueDecoder()
        let digits = "12345678901234567890.0123456789"
        #expect(try decoder.decode(Decimal.self, from: .numberText(digits)).description == digits)
        #expect(try decoder.decode(Double.self, from: .numberText(digits)) == Double(digits))
        #expect(try decoder.decode(Float.self, from: .numberText(digits)) == Float(digits))
        #expect(try decoder.decode(UInt64.self, from: .numberText("18446744073709551615")) == .max)
        #expect(try decoder.decode(Int64.self, from: .numberText("-9223372036854775808.000000000000000")) == .min)

        let beyond = decodingError(Int.self, from: .numberText("18446744073709551615"))
        #expect(beyond?.kind == "dataCorrupted")
        #expect(beyond?.debugDescription.contains("outside its range") == true)
        #expect(decodingError(UInt64.self, from: .numberText("-18446744073709551615"))?.kind == "dataCorrupted")
        let fraction = decodingError(Int.self, from: .numberText(digits))
        #expect(fraction?.debugDescription.contains("fractional") == true)
        #expect(decodingError(Decimal.self, from: .numberText("1e-400"))?.kind == "dataCorrupted")
        #expect(decodingError(String.self, from: .numberText(digits))?.kind == "typeMismatch")
    }

    // MARK: - Errors

    @Test func wrongKindsNameExpectedAndFoundKindsButNotTheValue() throws {
        var users = Self.teamJSON["users"]!.arrayValue!
        var user = users[3].objectValue!
        user["email"] = .int(1_234_567)
        users[3] = .object(user)
        var team = Self.teamJSON.objectValue!
        team["users"] = .array(users)

        let error = try #require(decodingError(TestTeam.self, from: .object(team)))
        #expect(error.kind == "typeMismatch")
        #expect(error.codingPath == ["users", "Index 3", "email"])
        #expect(error.debugDescription.contains("a string"))
        #expect(error.debugDescription.contains("an integer"))
        #expect(!error.debugDescription.contains("1234567"))

        let secret = try #require(decodingError([String: Int].self, from: ["token": "hunter2"]))
        #expect(secret.codingPath == ["token"])
        #expect(!secret.debugDescription.contains("hunter2"))
    }

    @Test func nullForANonOptionalIsValueNotFound() {
        let error = decodingError(TestAddress.self, from: ["street": nil, "city": "c"])
        #expect(error?.kind == "valueNotFound")
        #expect(error?.codingPath == ["street"])
    }

    @Test func missingKeysAreKeyNotFoundWithThePath() {
        let error = decodingError(TestTeam.self, from: ["users": [["id": 1]], "priority": 1, "budget": [:]])
        #expect(error?.kind == "keyNotFound")
        #expect(error?.codingPath == ["users", "Index 0", "name"])
    }

    @Test func containersOfTheWrongKindAreTypeMismatches() {
        #expect(decodingError(TestAddress.self, from: ["street", "city"])?.kind == "typeMismatch")
        #expect(decodingError([Int].self, from: ["a": 1])?.kind == "typeMismatch")
        #expect(decodingError(TestTeam.self, from: nil)?.kind == "valueNotFound")
    }

    // MARK: - Containers

    @Test func keyedContainersReportKeysInOrder() throws {
        struct Keys: Decodable {
            var all: [String]
            var containsB: Bool
            var containsZ: Bool
            var bIsNull: Bool

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                all = container.allKeys.map(\.stringValue)
                containsB = container.contains(AnyKey(stringValue: "b"))
                containsZ = container.contains(AnyKey(stringValue: "z"))
                bIsNull = try container.decodeNil(forKey: AnyKey(stringValue: "b"))
                #expect(throws: DecodingError.self) { try container.decodeNil(forKey: AnyKey(stringValue: "z")) }
            }
        }

        let value = JSONValue.object(JSONObject([("c", 1), ("a", 2), ("b", nil)]))
        let keys = try JSONValueDecoder().decode(Keys.self, from: value)
        #expect(keys.all == ["c", "a", "b"])
        #expect(keys.containsB && !keys.containsZ && keys.bIsNull)
    }

    @Test func unkeyedContainersTrackTheirPosition() throws {
        struct Walk: Decodable {
            var steps: [String] = []

            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                steps.append("count \(container.count ?? -1)")
                while !container.isAtEnd {
                    let index = container.currentIndex
                    if try container.decodeNil() {
                        steps.append("\(index): null")
                    } else {
                        steps.append("\(index): \(try container.decode(Int.self))")
                    }
                }
                steps.append("end at \(container.currentIndex)")
                let error = DecodingErrorSummary(
                    #expect(throws: DecodingError.self) { try container.decode(Int.self) }!)
                #expect(error.kind == "valueNotFound")
                #expect(error.codingPath == ["Index 3"])
            }
        }

        let walk = try JSONValueDecoder().decode(Walk.self, from: [1, nil, 3])
        #expect(walk.steps == ["count 3", "0: 1", "1: null", "2: 3", "end at 3"])
    }

    @Test func decoderExposesCodingPathAndUserInfo() throws {
        struct Probe: Decodable {
            var path: [String]
            var tenant: String?

            init(from decoder: any Decoder) throws {
                path = decoder.codingPath.map(\.stringValue)
                tenant = decoder.userInfo[.tenant] as? String
            }
        }
        struct Outer: Decodable {
            var items: [[String: Probe]]
        }

        var decoder = JSONValueDecoder()
        decoder.userInfo[.tenant] = "acme"
        let outer = try decoder.decode(Outer.self, from: ["items": [["x": 1], ["y": 2]]])
        #expect(outer.items[1]["y"]?.path == ["items", "Index 1", "y"])
        #expect(outer.items[0]["x"]?.tenant == "acme")
    }

    // MARK: - Embedded JSON

    @Test func embeddedJSONValuesComeBackExactly() throws {
        let payload: JSONValue = [
            "big": .int(9_007_199_254_740_993), "pi": 3.14, "flags": [true, false, nil],
            "nested": .object(JSONObject([("z", 1), ("a", 2)])),
        ]
        let envelope = try JSONValueDecoder().decode(
            TestEnvelope.self, from: ["kind": "raw", "payload": payload, "extensions": ["cost": 3]])
        #expect(envelope.payload == payload)
        #expect(envelope.payload["nested"]?.objectValue?.keys == ["z", "a"])
        #expect(envelope.extensions == ["cost": 3])
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: payload) == payload)
        #expect(decodingError(JSONObject.self, from: [1])?.kind == "typeMismatch")
    }

    // MARK: - Keys

    @Test func snakeCaseKeysDecodeIntoCamelCaseProperties() throws {
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value: JSONValue = [
            "first_name": "Ada", "LAST_NAME": "Lovelace", "account_number": 7, "is_active": true,
            "metadata": ["some_key": "kept", "otherKey": "as is"],
        ]
        let account = try decoder.decode(TestAccount.self, from: value)
        #expect(account.firstName == "Ada")
        #expect(account.lastName == "Lovelace")
        #expect(account.accountNumber == 7)
        #expect(account.metadata == ["some_key": "kept", "otherKey": "as is"])

        let acronyms = try decoder.decode(
            TestAcronyms.self,
            from: [
                "user_id": 1, "my_url_value": "u", "html_body": "h", "_leading_value": 2, "trailing_value_": 3,
            ])
        #expect(acronyms.userID == 1)
        #expect(acronyms.myURLValue == "u")
        #expect(acronyms.leadingUnderscore == 2)
        #expect(acronyms.trailingUnderscore == 3)

        let missing = decodingError(TestAcronyms.self, from: ["my_url_value": "u"], decoder: decoder)
        #expect(missing?.kind == "keyNotFound")
        #expect(missing?.debugDescription.contains("user_id") == true)
    }

    @Test func largeObjectsAreLookedUpThroughTheirIndex() throws {
        struct Pair: Decodable, Equatable {
            var firstName: String
            var accountNumber: Int
        }
        var members = (0..<30).map { ("filler_\($0)", JSONValue.int(Int64($0))) }
        members.append(("account_number", 7))
        members.append(("first_name", "Ada"))
        let value = JSONValue.object(JSONObject(members))

        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Pair.self, from: value) == Pair(firstName: "Ada", accountNumber: 7))
        let dictionary = try JSONValueDecoder().decode([String: JSONValue].self, from: value)
        #expect(dictionary.count == 32)
        #expect(dictionary["filler_29"] == 29)
    }

    @Test func defaultKeysDoNotConvert() {
        #expect(decodingError(TestAccount.self, from: ["first_name": "Ada"])?.codingPath == ["firstName"])
    }

    // MARK: - Foundation types

    @Test func datesDecodePerStrategy() throws {
        let instant = Date(timeIntervalSince1970: 1_704_164_645)
        func decode(_ value: JSONValue, _ strategy: JSONValueDecoder.DateDecodingStrategy) throws -> Date {
            var decoder = JSONValueDecoder()
            decoder.dateDecodingStrategy = strategy
            return try decoder.decode(Date.self, from: value)
        }

        #expect(try decode(.double(instant.timeIntervalSinceReferenceDate), .deferredToDate) == instant)
        #expect(try decode(.int(1_704_164_645), .secondsSince1970) == instant)
        #expect(try decode(.double(1_704_164_645.5), .secondsSince1970) == instant + 0.5)
        #expect(try decode(.int(1_704_164_645_250), .millisecondsSince1970) == instant + 0.25)
        #expect(try decode("2024-01-02T03:04:05Z", .iso8601) == instant)
        #expect(try decode("2024-01-02T03:04:05.250Z", .iso8601) == instant + 0.25)
        #expect(try decode("2024-01-02T04:04:05+01:00", .iso8601) == instant)
        #expect(try decode("1704164645", .custom({ _ in instant })) == instant)

        var iso = JSONValueDecoder()
        iso.dateDecodingStrategy = .iso8601
        let invalid = try #require(
            decodingError([Date].self, from: ["2024-01-02T03:04:05Z", "yesterday"], decoder: iso))
        #expect(invalid.kind == "dataCorrupted")
        #expect(invalid.codingPath == ["Index 1"])
        #expect(!invalid.debugDescription.contains("yesterday"))
        #expect(decodingError(Date.self, from: 5, decoder: iso)?.kind == "typeMismatch")
    }

    @Test func dataDecodesFromBase64AndURLsFromStrings() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Data.self, from: "aGVsbG8=") == Data("hello".utf8))
        #expect(decodingError(Data.self, from: "not base64!")?.kind == "dataCorrupted")
        #expect(decodingError(Data.self, from: [1, 2])?.kind == "typeMismatch")

        #expect(
            try decoder.decode(URL.self, from: "https://example.com/a?b=c") == URL(string: "https://example.com/a?b=c"))
        #expect(decodingError(URL.self, from: "")?.kind == "dataCorrupted")
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

extension CodingUserInfoKey {
    static let tenant = CodingUserInfoKey(rawValue: "tenant")!
}
