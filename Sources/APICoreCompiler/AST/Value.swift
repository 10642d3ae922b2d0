/// A value literal in a document, with where it was written.
public struct Value: Sendable, Hashable {
    /// What the value is.
    public indirect enum Kind: Sendable, Hashable {
        /// `$name` (the name without `$`).
        case variable(String)
        /// An integer literal, as written.
        case int(String)
        /// A float literal, as written.
        case float(String)
        /// A string; `isBlock` records whether it was written as a block string (`"""`), for the printer.
        case string(String, isBlock: Bool)
        case boolean(Bool)
        case null
        /// An enum value.
        case enumValue(String)
        case list([Value])
        /// An input object; the members keep their order and locations.
        case object([Argument])
    }

    /// What the value is: a variable, a scalar literal, a list or an input object.
    public var kind: Kind
    /// Where the value starts in its source.
    public var location: SourceLocation

    /// A value of `kind` written at `location`.
    public init(_ kind: Kind, location: SourceLocation = .unknown) {
        self.kind = kind
        self.location = location
    }

    /// Whether the value contains a variable anywhere (a constant value does not).
    public var containsVariable: Bool {
        switch kind {
        case .variable: true
        case .list(let values): values.contains { $0.containsVariable }
        case .object(let fields): fields.contains { $0.value.containsVariable }
        default: false
        }
    }
}

/// A type in a document: a named type, a list, or a non-null wrapper.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(Name)
    case list(TypeReference, location: SourceLocation)
    case nonNull(TypeReference, location: SourceLocation)

    /// The innermost named type.
    public var namedType: Name {
        switch self {
        case .named(let name): name
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    /// Where the reference starts.
    public var location: SourceLocation {
        switch self {
        case .named(let name): name.location
        case .list(_, let location), .nonNull(_, let location): location
        }
    }

    /// The type as written: `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): name.value
        case .list(let inner, _): "[\(inner)]"
        case .nonNull(let inner, _): "\(inner)!"
        }
    }
}
