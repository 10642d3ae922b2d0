import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes `Decodable` types from a `JSONValue` that the package's JSON reader produced, without going through
/// JSON text or Foundation's `JSONDecoder`.
///
/// Use it for hand-written GraphQL queries with a `Decodable` response type and for REST responses:
///
/// ```swift
/// var decoder = JSONValueDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let user = try decoder.decode(User.self, from: value)
/// ```
///
/// Errors are the standard `DecodingError`s with the coding path of the failing value. Their descriptions name the
/// expected and found JSON kinds but never the value, which may be a secret.
///
/// Numbers: integer types decode from `JSONValue.int(_:)` when the value is in range, and from
/// `JSONValue.double(_:)` when the number is integral and in range; anything else throws `dataCorrupted`.
/// `Double`, `Float` and `Decimal` decode from either kind. `Data` decodes from a base64 string, `URL` from a
/// string, `Date` as ``dateDecodingStrategy`` says, and `JSONValue` and `JSONObject` are handed back as they are.
public struct JSONValueDecoder: Sendable {
    /// How the decoder finds the object member for a coding key.
    public enum KeyDecodingStrategy: Sendable {
        /// Look members up by the coding key's `stringValue`.
        case useDefaultKeys
        /// Look members up by their snake-case names, as Foundation's `convertFromSnakeCase` does (`user_name`
        /// decodes into `userName`). A member also matches when its name is the snake-case spelling that
        /// ``JSONValueEncoder/KeyEncodingStrategy/convertToSnakeCase`` writes, so `user_id` decodes into `userID`,
        /// which Foundation's decoder would not do. Keys of `[String: Value]` dictionaries are data and are never
        /// converted.
        case convertFromSnakeCase
    }

    /// How the decoder reads `Date` values.
    public enum DateDecodingStrategy: Sendable {
        /// Let `Date` decode itself: a number of seconds since 1 January 2001.
        case deferredToDate
        /// A number of seconds since 1 January 1970.
        case secondsSince1970
        /// A number of milliseconds since 1 January 1970.
        case millisecondsSince1970
        /// An ISO 8601 string with a time zone, with or without fractional seconds
        /// (`2024-01-02T03:04:05Z`, `2024-01-02T03:04:05.123+01:00`).
        case iso8601
        /// A closure that turns the JSON value into a date.
        case custom(@Sendable (JSONValue) throws -> Date)
    }

    /// How the decoder finds object members for coding keys; ``KeyDecodingStrategy/useDefaultKeys`` by default.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys

    /// How the decoder reads dates; ``DateDecodingStrategy/deferredToDate`` by default.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate

    /// Values that `Decodable` types can read from `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A decoder with the default strategies.
    public init() {}

    /// Decodes a value of the given type from a JSON value.
    ///
    /// - Throws: `DecodingError` when the JSON value does not have the shape the type expects, or any error that
    ///   the type's `init(from:)` or a custom date strategy throws.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoderState(value: value, configuration: self).decodeCurrentValue(as: type)
    }
}
