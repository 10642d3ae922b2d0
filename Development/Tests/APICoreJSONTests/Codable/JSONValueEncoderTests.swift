import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import Testing

@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    /// Encodes and returns the error, failing the test when encoding succeeds.
    func encodingError(_ value: some Encodable, encoder: JSONValueEncoder = JSONValueEncoder()) -> EncodingError? {
        do {
            let encoded = try encoder.encode(value)
            Issue.record("Expected an error, encoded \(encoded)")
            return nil
        } catch let error as EncodingError {
            return error
        } catch {
            Issue.record("Expected an EncodingError, got \(error)")
            return nil
        }
    }

    // MARK: - Structure

    @Test func encodesNestedStructsWithMembersInEncodingOrder() throws {
        let value = try JSONValueEncoder().encode(TestUser.ada)
        #expect(value.objectValue?.keys == ["id", "name", "email", "role", "address", "tags", "score"])
        #expect(value["address"]?.objectValue?.keys == ["street", "city"])
        #expect(
            value
                == [
                    "id": .int(9_007_199_254_740_993), "name": "Ada", "email": "ada@example.com", "role": "admin",
                    "address": ["street": "1 Analytical Way", "city": "London"], "tags": ["math", "engines"],
                    "score": 99.5,
                ])
    }

    @Test func optionalsAreOmittedOrNull() throws {
        let encoder = JSONValueEncoder()
        // Synthesized conformances skip nil members.
        #expect(try encoder.encode(TestUser.grace)["email"] == nil)
        #expect(try encoder.encode(TestPatch(title: .absent)) == [:])
        #expect(try encoder.encode(TestPatch(title: .null)) == ["title": nil])
        #expect(try encoder.encode(TestPatch(title: .value("x"))) == ["title": "x"])
        #expect(try encoder.encode([1, nil, 3] as [Int?]) == [1, nil, 3])
        #expect(try encoder.encode(Int?.none) == nil)
    }

    @Test func enumsEncodeAsRawValues() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode([TestRole.admin, .member]) == ["admin", "member"])
        #expect(try encoder.encode([TestPriority.low, .high]) == [1, 2])
    }

    @Test func repeatedKeysReplaceTheValueInPlace() throws {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey(stringValue: "a"))
                try container.encode(2, forKey: AnyKey(stringValue: "b"))
                try container.encode(3, forKey: AnyKey(stringValue: "a"))
            }
        }
        let value = try JSONValueEncoder().encode(Twice())
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value == ["a": 3, "b": 2])
    }

    @Test func nestedContainersAndSuperEncodersAreFilledInLater() throws {
        let encoder = JSONValueEncoder()
        let geometry = try encoder.encode(TestGeometry(x: 1, y: 2.5, corners: [3, 4]))
        #expect(geometry == ["position": ["x": 1.0, "y": 2.5], "corners": [[3], [4]]])
        #expect(geometry["position"]?.objectValue?.keys == ["x", "y"])

        let dog = try encoder.encode(TestDog(name: "Lassie", breed: "Collie"))
        #expect(dog == ["breed": "Collie", "super": ["name": "Lassie"]])
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObjectInsideAndAnErrorAtTheTop() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(try JSONValueEncoder().encode(["a": Nothing()]) == ["a": [:]])
        guard case .invalidValue(_, let context) = encodingError(Nothing()) else {
            Issue.record("Expected invalidValue")
            return
        }
        #expect(context.codingPath.isEmpty)
    }

    @Test func encoderExposesCodingPathAndUserInfo() throws {
        struct Probe: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                let path = encoder.codingPath.map(\.stringValue).joined(separator: "/")
                try container.encode("\(path) \(encoder.userInfo[.tenant] as? String ?? "-")")
            }
        }
        var encoder = JSONValueEncoder()
        encoder.userInfo[.tenant] = "acme"
        #expect(
            try encoder.encode(["items": [Probe(), Probe()]]) == [
                "items": ["items/Index 0 acme", "items/Index 1 acme"]
            ])
    }

    // MARK: - Numbers

    @Test func integersEncodeExactly() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(Int64(9_007_199_254_740_993)) == .int(9_007_199_254_740_993))
        #expect(try encoder.encode(Int64.min) == .int(.min))
        #expect(try encoder.encode(UInt64(Int64.max)) == .int(.max))
        #expect(try encoder.encode(Int8(-5)) == .int(-5))
        #expect(try encoder.encode(UInt32.max) == .int(Int64(UInt32.max)))
    }

    @Test func unsignedIntegersAboveInt64MaxKeepTheirDigits() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(UInt64.max) == .numberText("18446744073709551615"))
        #expect(try JSONValueDecoder().decode(UInt64.self, from: try encoder.encode(UInt64.max)) == .max)
        // A double that is the integer exactly stays a double, as the reader would read its digits.
        #expect(try encoder.encode(UInt(Int64.max) + 1) == .double(9_223_372_036_854_775_808))
    }

    @Test func floatingPointEncodesAsDoubles() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(0.1) == .double(0.1))
        #expect(try encoder.encode(Float(0.1)) == .double(0.1))
        #expect(try encoder.encode(2.0) == .double(2))
        #expect(try encoder.encode(Decimal(string: "12.34")!) == .double(12.34))
        #expect(try encoder.encode(Decimal(string: "9007199254740993")!) == .int(9_007_199_254_740_993))
        let digits = "12345678901234567890.0123456789"
        #expect(try encoder.encode(Decimal(string: digits)!) == .numberText(digits))
        #expect(try JSONValueDecoder().decode(Decimal.self, from: .numberText(digits)).description == digits)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreInvalidValuesWithThePath(number: Double) {
        struct Reading: Encodable {
            var values: [Double]
        }
        guard case .invalidValue(_, let context) = encodingError(["readings": [Reading(values: [1, number])]]) else {
            Issue.record("Expected invalidValue")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["readings", "Index 0", "values", "Index 1"])
        #expect(encodingError(Float(number)) != nil)
    }

    // MARK: - Keys

    @Test func snakeCaseKeysAreWrittenFromCamelCaseProperties() throws {
        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let acronyms = TestAcronyms(
            userID: 1, myURLValue: "u", htmlBody: "h", leadingUnderscore: 2, trailingUnderscore: 3)
        let value = try encoder.encode(acronyms)
        #expect(
            value.objectValue?.keys == ["user_id", "my_url_value", "html_body", "_leading_value", "trailing_value_"])

        let account = TestAccount(
            firstName: "Ada", lastName: "L", accountNumber: 7, isActive: true, nickname: nil,
            metadata: ["someKey": "kept"])
        let encodedAccount = try encoder.encode(account)
        #expect(
            encodedAccount.objectValue?.keys == ["first_name", "last_name", "account_number", "is_active", "metadata"])
        #expect(encodedAccount["metadata"] == ["someKey": "kept"])

        let envelope = try encoder.encode(TestEnvelope(kind: "k", payload: ["rawKey": 1], extensions: ["fooBar": 2]))
        #expect(envelope == ["kind": "k", "payload": ["rawKey": 1], "extensions": ["fooBar": 2]])
    }

    // MARK: - Foundation types

    @Test func datesEncodePerStrategy() throws {
        let instant = Date(timeIntervalSince1970: 1_704_164_645)
        func encode(_ date: Date, _ strategy: JSONValueEncoder.DateEncodingStrategy) throws -> JSONValue {
            var encoder = JSONValueEncoder()
            encoder.dateEncodingStrategy = strategy
            return try encoder.encode(date)
        }

        #expect(try encode(instant, .deferredToDate) == .double(instant.timeIntervalSinceReferenceDate))
        #expect(try encode(instant, .secondsSince1970) == .int(1_704_164_645))
        #expect(try encode(instant + 0.5, .secondsSince1970) == .double(1_704_164_645.5))
        #expect(try encode(instant + 0.25, .millisecondsSince1970) == .int(1_704_164_645_250))
        #expect(try encode(instant, .iso8601) == "2024-01-02T03:04:05Z")
        #expect(try encode(instant + 0.25, .iso8601) == "2024-01-02T03:04:05.250Z")
        #expect(try encode(instant, .custom({ _ in "custom" })) == "custom")
    }

    @Test func dataEncodesAsBase64AndURLsAsStrings() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(Data("hello".utf8)) == "aGVsbG8=")
        #expect(try encoder.encode(URL(string: "https://example.com/a?b=c")!) == "https://example.com/a?b=c")
    }

    // MARK: - Round trips

    @Test func roundTripsThroughTheDecoder() throws {
        let encoder = JSONValueEncoder()
        let decoder = JSONValueDecoder()
        let team = TestTeam(users: [.ada, .grace], priority: .low, budget: ["a": 1])
        #expect(try decoder.decode(TestTeam.self, from: encoder.encode(team)) == team)

        let numbers = TestNumbers(
            int: .min, int8: .min, int16: .max, int32: .min, int64: .max, uint: UInt(Int64.max), uint8: .max,
            uint16: .max, uint32: .max, uint64: UInt64(Int64.max), float: 0.1, double: -1.5e-300)
        #expect(try decoder.decode(TestNumbers.self, from: encoder.encode(numbers)) == numbers)

        let geometry = TestGeometry(x: -1, y: 0.5, corners: [])
        #expect(try decoder.decode(TestGeometry.self, from: encoder.encode(geometry)) == geometry)

        let dog = TestDog(name: "Rex", breed: "Boxer")
        #expect(try decoder.decode(TestDog.self, from: encoder.encode(dog)) == dog)

        for patch in [TestPatch(title: .absent), TestPatch(title: .null), TestPatch(title: .value("v"))] {
            #expect(try decoder.decode(TestPatch.self, from: encoder.encode(patch)) == patch)
        }
        let envelope = TestEnvelope(kind: "k", payload: [1, "two", ["three": .null]], extensions: nil)
        #expect(try decoder.decode(TestEnvelope.self, from: encoder.encode(envelope)) == envelope)
    }

    @Test func snakeCaseRoundTrips() throws {
        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase

        let acronyms = TestAcronyms(
            userID: 1, myURLValue: "u", htmlBody: "h", leadingUnderscore: 2, trailingUnderscore: 3)
        #expect(try decoder.decode(TestAcronyms.self, from: encoder.encode(acronyms)) == acronyms)
        let account = TestAccount(
            firstName: "A", lastName: "B", accountNumber: 1, isActive: false, nickname: "n",
            metadata: ["camelKey": "x", "snake_key": "y"])
        #expect(try decoder.decode(TestAccount.self, from: encoder.encode(account)) == account)
    }

    @Test(arguments: ["deferredToDate", "secondsSince1970", "millisecondsSince1970", "iso8601"])
    func dateRoundTrips(strategy: String) throws {
        var encoder = JSONValueEncoder()
        var decoder = JSONValueDecoder()
        switch strategy {
        case "deferredToDate": break
        case "secondsSince1970":
            (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.secondsSince1970, .secondsSince1970)
        case "millisecondsSince1970":
            (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (
                .millisecondsSince1970, .millisecondsSince1970
            )
        default: (encoder.dateEncodingStrategy, decoder.dateDecodingStrategy) = (.iso8601, .iso8601)
        }
        let dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_704_164_645),
            Date(timeIntervalSince1970: 1_704_164_645.125), Date(timeIntervalSince1970: -86_400.5),
        ]
        #expect(try decoder.decode([Date].self, from: encoder.encode(dates)) == dates)
    }
}
