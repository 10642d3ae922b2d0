/// An optional input value with the three states GraphQL distinguishes: absent, explicitly null, and a value.
///
/// An absent argument keeps the server's default or leaves a field unchanged; `null` clears it. Swift's `Optional`
/// cannot say which one is meant, so generated inputs use this type for every nullable argument and input field.
public enum GraphQLNullable<Wrapped: Sendable & Hashable>: Sendable, Hashable {
    /// The value is left out of the request.
    case none
    /// The value is sent as `null`.
    case null
    /// The value is sent.
    case some(Wrapped)

    /// The wrapped value, or `nil` when absent or null.
    public var unwrapped: Wrapped? {
        if case .some(let value) = self { return value }
        return nil
    }
}

extension GraphQLNullable: ExpressibleByNilLiteral {
    /// `nil` means absent, as an omitted Swift argument would.
    public init(nilLiteral: ()) {
        self = .none
    }
}

extension GraphQLNullable {
    /// Wraps an optional: `nil` becomes ``none`` (absent), a value becomes ``some(_:)``.
    public init(_ optional: Wrapped?) {
        if let optional { self = .some(optional) } else { self = .none }
    }

    /// Wraps an optional: `nil` becomes ``null``, a value becomes ``some(_:)``.
    public init(nullIfNil optional: Wrapped?) {
        if let optional { self = .some(optional) } else { self = .null }
    }
}

extension GraphQLNullable: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
    ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped == String {
    /// A string literal is a value to send: `"Ada"` is `.some("Ada")`.
    public init(stringLiteral value: String) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped == Int {
    /// An integer literal is a value to send: `3` is `.some(3)`.
    public init(integerLiteral value: Int) { self = .some(value) }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped == Bool {
    /// A Boolean literal is a value to send: `true` is `.some(true)`.
    public init(booleanLiteral value: Bool) { self = .some(value) }
}

extension GraphQLNullable: GraphQLInputValue where Wrapped: GraphQLInputValue {
    /// Only ``none`` has no JSON value; ``JSONObject/init(variables:)`` leaves such members out.
    public var jsonValue: JSONValue {
        switch self {
        case .none, .null: .null
        case .some(let value): value.jsonValue
        }
    }

    /// `true` for ``GraphQLNullable/none``, the one state that is left out of the request.
    public var isAbsent: Bool {
        if case .none = self { return true }
        return false
    }

    /// Whether the wrapped type can hold a file.
    public static var mayContainFiles: Bool { Wrapped.mayContainFiles }

    /// The wrapped value's files, at the same path; none when absent or null.
    public func forEachFile(at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        guard Wrapped.mayContainFiles, case .some(let value) = self else { return }
        value.forEachFile(at: path, body)
    }
}
