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

    init(decodingJSONValue jsonValue: JSONValue) throws(JSONScalarFailure) {
        switch jsonValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: throw .kindMismatch(found: jsonValue)
        }
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

/// Integers read from `.int` when in range, and from `.double` when the number is integral and in range.
/// Integers above `Int64.max` (large `UInt64` and `UInt` values) are written as `.double`, rounded to the nearest
/// representable `Double`.
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
        default:
            throw .kindMismatch(found: jsonValue)
        }
    }

    func encodedJSONValue() -> JSONValue {
        if let exact = Int64(exactly: self) { return .int(exact) }
        return .double(Double(self))
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
