import APICoreGraphQL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes `Encodable` values into a `JSONValue`, for REST bodies and GraphQL variables, without going through
/// JSON text or Foundation's `JSONEncoder`.
///
/// ```swift
/// var encoder = JSONValueEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let body = try encoder.encode(newUser)
/// ```
///
/// Objects keep their members in the order the `encode` calls happen; encoding a key again replaces its value in
/// place. Integers become `JSONValue.int(_:)`, except `UInt64` and `UInt` values above `Int64.max`, which become
/// `JSONValue.double(_:)` rounded to the nearest `Double`. Floating-point numbers become `JSONValue.double(_:)`;
/// infinities and NaN throw `EncodingError.invalidValue`, since JSON cannot represent them. `Data` becomes a base64
/// string, `URL` its absolute string, `Decimal` a number, `Date` whatever ``dateEncodingStrategy`` says, and
/// `JSONValue` and `JSONObject` are taken as they are (their member names are never converted).
public struct JSONValueEncoder: Sendable {
    /// How the encoder names object members.
    public enum KeyEncodingStrategy: Sendable {
        /// Name members by the coding key's `stringValue`.
        case useDefaultKeys
        /// Name members by the snake-case spelling of the coding key, as Foundation's `convertToSnakeCase` does:
        /// `userID` becomes `user_id` and `myURLValue` becomes `my_url_value`; underscores already in the key,
        /// including leading and trailing ones, are kept. Keys of `[String: Value]` dictionaries are data and are
        /// never converted.
        case convertToSnakeCase
    }

    /// How the encoder writes `Date` values.
    public enum DateEncodingStrategy: Sendable {
        /// Let `Date` encode itself: a number of seconds since 1 January 2001.
        case deferredToDate
        /// A number of seconds since 1 January 1970; `JSONValue.int(_:)` when it is a whole number.
        case secondsSince1970
        /// A number of milliseconds since 1 January 1970; `JSONValue.int(_:)` when it is a whole number.
        case millisecondsSince1970
        /// An ISO 8601 string in UTC: `2024-01-02T03:04:05Z`, or `2024-01-02T03:04:05.120Z` (milliseconds) when the
        /// date has a fraction of a second.
        case iso8601
        /// A closure that turns the date into a JSON value.
        case custom(@Sendable (Date) throws -> JSONValue)
    }

    /// How the encoder names object members; ``KeyEncodingStrategy/useDefaultKeys`` by default.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys

    /// How the encoder writes dates; ``DateEncodingStrategy/deferredToDate`` by default.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate

    /// Values that `Encodable` types can read from `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// An encoder with the default strategies.
    public init() {}

    /// Encodes a value as a JSON value.
    ///
    /// - Throws: `EncodingError.invalidValue` for non-finite numbers and for a value that encodes nothing, or any
    ///   error that the value's `encode(to:)` or a custom date strategy throws.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        guard let encoded = try JSONValueEncoderState(configuration: self).encodeCurrentValue(of: value) else {
            throw JSONCodingErrors.nothingEncoded(value, codingPath: [])
        }
        return encoded
    }
}
