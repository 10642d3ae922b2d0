import Foundation
import Testing

@testable import APICoreGraphQL
@testable import APICoreJSON

/// Checks the snake-case conversions against Foundation's own, key by key.
@Suite("Snake case keys")
struct SnakeCaseTests {
    static let camelCaseKeys = [
        "", "a", "x", "userID", "myURLValue", "_foo", "fooBar_", "aB1c", "ABC", "URLs", "userID2", "foo_Bar",
        "html5Parser", "iOS", "camelCase", "already_snake", "HTTPResponseCode", "someHTTPSURL", "a1B2C3", "URL_",
        "_URL", "__double__", "x_Y_Z", "ÉcoleÉté", "ÀÉ", "straße", "ǅa", "aǅb", "déjàVu", "naïveÜber",
    ]

    static let snakeCaseKeys = [
        "", "_", "___", "a", "a__", "user_id", "my_url_value", "snake_case_key", "alreadyCamel", "_leading",
        "trailing_", "_a_b_", "__a__b__", "USER_ID", "a_bC_dEF", "a_1b", "a_b2c", "a_b'c", "a_b.c", "a_b:c",
        "a_b^c", "a_b`c", "a_b-c", "a_b c", "html5_parser", "éa_éb", "a_ǆb", "a_ßb", "x_ǆ", "ÉCOLE_ÉTÉ",
    ]

    @Test(arguments: camelCaseKeys)
    func snakeCasedMatchesFoundation(key: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(OneMember(key: key))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        #expect(Array(object.keys) == [SnakeCase.snakeCased(key)])
    }

    @Test(arguments: snakeCaseKeys)
    func camelCasedMatchesFoundation(key: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let data = try JSONSerialization.data(withJSONObject: [key: 1])
        let foundationKey = try decoder.decode(MemberNames.self, from: data).names
        #expect(foundationKey == [SnakeCase.camelCased(key)])
    }

    @Test(arguments: snakeCaseKeys)
    func byteMatchingAgreesWithConversion(key: String) {
        let converted = SnakeCase.camelCased(key)
        #expect(SnakeCase.jsonKey(key, convertsTo: converted))
        for nearMiss in [converted + "x", String(converted.dropLast()), converted.uppercased(), "_" + converted] {
            #expect(SnakeCase.jsonKey(key, convertsTo: nearMiss) == (SnakeCase.camelCased(key) == nearMiss))
        }
    }

    @Test func lookupFindsBothSpellings() {
        let object: JSONObject = ["user_id": 1, "FIRST_NAME": 2, "plain": 3]
        #expect(SnakeCase.position(ofCodingKey: "userID", in: object) == 0)
        #expect(SnakeCase.position(ofCodingKey: "userId", in: object) == 0)
        #expect(SnakeCase.position(ofCodingKey: "firstName", in: object) == 1)
        #expect(SnakeCase.position(ofCodingKey: "plain", in: object) == 2)
        #expect(SnakeCase.position(ofCodingKey: "user_id", in: object) == 0)
        #expect(SnakeCase.position(ofCodingKey: "missing", in: object) == nil)
    }
}

/// Encodes a single member with the given name.
private struct OneMember: Encodable {
    var key: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey(stringValue: key))
    }
}

/// Decodes the member names a decoder reports.
private struct MemberNames: Decodable {
    var names: [String]

    init(from decoder: any Decoder) throws {
        names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    }
}
