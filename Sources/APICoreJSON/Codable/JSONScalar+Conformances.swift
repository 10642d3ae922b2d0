import APICoreGraphQL

extension Bool: JSONScalar {
    static var expectedKind: String { "boolean" }

    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure) {
        guard case .bool(let value) = jsonValue else { throw .kindMismatch(found: jsonValue) }
        self = value
    }

    func encodedJSONValue() -> JSONValue { .bool(self) }
}

extension String: JSONScalar {
    static var expectedKind: String { "string" }

    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure) {
        guard case .string(let value) = jsonValue else { throw .kindMismatch(found: jsonValue) }
        self = value
    }

    func encodedJSONValue() -> JSONValue { .string(self) }
}

extension Double: JSONScalar {
    static var expectedKind: String { "number" }

    /// Reads any number, the nearest double for one kept as text.
    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure) {
        guard let value = jsonValue.doubleValue else { throw .kindMismatch(found: jsonValue) }
        self = value
    }

    func encodedJSONValue() throws(JSONScalarFailure) -> JSONValue {
        guard isFinite else { throw .notFinite }
        return .double(self)
    }
}

extension Float: JSONScalar {
    static var expectedKind: String { "number" }

    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure) {
        switch jsonValue {
        case .double(let value):
            let narrowed = Float(value)
            guard narrowed.isFinite || !value.isFinite else { throw .outOfRange }
            self = narrowed
        case .int(let value):
            self = Float(value)
        case .numberText(let text):
            // Straight from the digits: through the nearest double, the value could round twice.
            guard let narrowed = Float(text), narrowed.isFinite else { throw .outOfRange }
            self = narrowed
        default:
            throw .kindMismatch(found: jsonValue)
        }
    }

    /// Goes through the shortest decimal spelling, so that `Float(0.1)` becomes `0.1` rather than
    /// `0.10000000149011612`, as Foundation's `JSONEncoder` writes it.
    func encodedJSONValue() throws(JSONScalarFailure) -> JSONValue {
        guard isFinite else { throw .notFinite }
        return .double(Double(description) ?? Double(self))
    }
}

/// Integers read from `.int` when in range, and from `.double` or `.numberText` when the number is integral and in
/// range. Integers above `Int64.max` (large `UInt64` and `UInt` values) are written as the reader would read their
/// digits: `.double` when a double is that integer exactly, else `.numberText`, so that they read back exactly.
extension JSONScalar where Self: FixedWidthInteger {
    static var expectedKind: String { "integer" }

    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure) {
        switch jsonValue {
        case .int(let value):
            guard let exact = Self(exactly: value) else { throw .outOfRange }
            self = exact
        case .double(let value):
            guard let exact = Self(exactly: value) else {
                throw value.rounded(.towardZero) == value ? .outOfRange : .notIntegral
            }
            self = exact
        case .numberText(let text):
            guard let digits = JSONNumberDigits(text) else { throw .kindMismatch(found: jsonValue) }
            do {
                self = try digits.integer(as: Self.self)
            } catch .notIntegral {
                throw .notIntegral
            } catch {
                throw .outOfRange
            }
        default:
            throw .kindMismatch(found: jsonValue)
        }
    }

    func encodedJSONValue() -> JSONValue {
        if let exact = Int64(exactly: self) { return .int(exact) }
        return JSONValue.number(text: String(self)) ?? .double(Double(self))
    }
}

extension Int: JSONScalar {}
extension Int8: JSONScalar {}
extension Int16: JSONScalar {}
extension Int32: JSONScalar {}
extension Int64: JSONScalar {}
extension UInt: JSONScalar {}
extension UInt8: JSONScalar {}
extension UInt16: JSONScalar {}
extension UInt32: JSONScalar {}
extension UInt64: JSONScalar {}
