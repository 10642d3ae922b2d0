/// A value of a GraphQL enum that survives values the client was generated without.
///
/// A server may add enum values at any time; a client compiled against an older schema must keep working. An unknown
/// value decodes to ``unknown(_:)`` and encodes back exactly as it was received.
public enum GraphQLEnum<Wrapped: RawRepresentable & CaseIterable & Sendable & Hashable>: Sendable, Hashable
where Wrapped.RawValue == String {
    /// A value the generated enum has a case for.
    case known(Wrapped)
    /// A value the client was generated without, kept as its raw string so that it encodes back unchanged.
    case unknown(String)

    /// The value for a raw string, known when the generated enum has a case for it.
    public init(rawValue: String) {
        if let known = Wrapped(rawValue: rawValue) {
            self = .known(known)
        } else {
            self = .unknown(rawValue)
        }
    }

    /// A known value.
    public init(_ value: Wrapped) {
        self = .known(value)
    }

    /// The raw string sent over the wire.
    public var rawValue: String {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let rawValue): rawValue
        }
    }

    /// The known case, or `nil` for a value this client does not know.
    public var value: Wrapped? {
        if case .known(let value) = self { return value }
        return nil
    }

    /// Values are equal when they have the same raw value, whether the client knows it or not.
    public static func == (lhs: GraphQLEnum, rhs: GraphQLEnum) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw value, so a known case and an unknown value with the same raw string hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// Compares with a known case: `role == .admin`.
    public static func == (lhs: GraphQLEnum, rhs: Wrapped) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// `role != .admin`.
    public static func != (lhs: GraphQLEnum, rhs: Wrapped) -> Bool {
        lhs.rawValue != rhs.rawValue
    }

    /// Matches a known case in a `switch`: `case .admin:`.
    public static func ~= (pattern: Wrapped, value: GraphQLEnum) -> Bool {
        value.rawValue == pattern.rawValue
    }
}

/// Compares an optional value with a known case: `user?.role == .admin`.
public func == <Wrapped>(lhs: GraphQLEnum<Wrapped>?, rhs: Wrapped) -> Bool {
    lhs?.rawValue == rhs.rawValue
}

/// `user?.role != .admin`.
public func != <Wrapped>(lhs: GraphQLEnum<Wrapped>?, rhs: Wrapped) -> Bool {
    lhs?.rawValue != rhs.rawValue
}

extension GraphQLEnum: ExpressibleByStringLiteral {
    /// The value for a string literal, known when the generated enum has a case for it:
    /// `let role: GraphQLEnum<Role> = "ADMIN"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension GraphQLEnum: GraphQLLeafValue {
    /// Decodes the value from its JSON string; a raw value the client does not know becomes
    /// ``GraphQLEnum/unknown(_:)``.
    public static func decode(
        from value: JSONValue,
        in context: GraphQLDecodingContext
    ) throws(GraphQLDecodingError) -> GraphQLEnum {
        guard case .string(let raw) = value else {
            throw GraphQLDecodingError.mismatch(expected: "enum value", found: value)
        }
        return GraphQLEnum(rawValue: raw)
    }
}

extension GraphQLEnum: GraphQLInputValue {
    /// The raw value as a JSON string, exactly as it was received for an unknown value.
    public var jsonValue: JSONValue { .string(rawValue) }
}
