/// A JSON value as the response pipeline sees it.
///
/// Integers that fit in 64 bits are kept exactly as ``int(_:)``, so identifiers such as `9007199254740993`
/// survive a read and a write without passing through `Double`. Numbers with a fraction or an exponent, and integers
/// outside the 64-bit range, are ``double(_:)``, unless the double would lose digits: such a number, say
/// `12345678901234567890.0123456789` or `18446744073709551615`, is ``numberText(_:)``, its text kept as written, so that
/// a `Decimal` or a `UInt64` reads it exactly and the writer writes it back unchanged. Objects keep their keys in the
/// order they were read.
///
/// Equality is by case and contents. For ``numberText(_:)`` it is textual: two are equal when their texts are
/// (`0.10000000000000000001` and `0.100000000000000000010` are not), and none equals a ``double(_:)`` or an
/// ``int(_:)``.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or an exponent that fits in 64 bits, kept exactly.
    case int(Int64)
    /// A number with a fraction or an exponent whose digits the double holds (its shortest description has the
    /// digits written), or an integer outside the 64-bit range that the double is exactly.
    case double(Double)
    /// A number whose digits a `Double` cannot hold, kept as written: more significant digits than a double has
    /// (`0.1000000000000000000001`), an integer beyond 64 bits that is not a double (`18446744073709551615`), or a
    /// value too small for a double (`1e-400`).
    ///
    /// `JSONReader` makes this case only for such numbers, so ordinary data never holds it: a number with at most
    /// 15 significant digits in the range of normal doubles is always ``int(_:)`` or ``double(_:)``. The text must
    /// follow the JSON number grammar, because `JSONWriter` writes it as it is (and stops the program if it does
    /// not). ``doubleValue`` is the nearest double; a `Decimal` or an integer type decodes the text exactly.
    case numberText(String)
    /// A string.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, its members in the order they were read.
    case object(JSONObject)
}

extension JSONValue {
    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string, when the value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when the value is an integer.
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, when the value is a number of any kind: the nearest double for
    /// ``numberText(_:)``.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .numberText(let text): return Double(text)
        default: return nil
        }
    }

    /// The Boolean, when the value is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when the value is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, when the value is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// A short name of the value's kind, for error messages that must not quote the value itself.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double, .numberText: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is ``JSONValue/null``.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean literal is ``JSONValue/bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is ``JSONValue/int(_:)``, kept exactly.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A floating-point literal is ``JSONValue/double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is ``JSONValue/string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is ``JSONValue/array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal is ``JSONValue/object(_:)``, its members in the order written; a later duplicate key
    /// replaces the earlier.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
