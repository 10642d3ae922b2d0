/// A field of an object or interface type.
public struct SchemaField: Sendable, Hashable {
    public let name: String
    public let description: String?
    public let arguments: [SchemaInputValue]
    public let type: TypeReference
    /// The `@deprecated(reason:)` reason; `"No longer supported"` when deprecated without one; `nil` when not.
    public let deprecationReason: String?
    public let directives: [Directive]
    public let location: SourceLocation

    public init(
        name: String,
        description: String? = nil,
        arguments: [SchemaInputValue] = [],
        type: TypeReference,
        deprecationReason: String? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    /// The argument named `name`.
    public func argument(named name: String) -> SchemaInputValue? {
        arguments.first { $0.name == name }
    }

    public var isDeprecated: Bool { deprecationReason != nil }
}

/// An argument or an input-object field.
public struct SchemaInputValue: Sendable, Hashable {
    public let name: String
    public let description: String?
    public let type: TypeReference
    /// The default value as a constant literal.
    public let defaultValue: Value?
    public let deprecationReason: String?
    public let directives: [Directive]
    public let location: SourceLocation

    public init(
        name: String,
        description: String? = nil,
        type: TypeReference,
        defaultValue: Value? = nil,
        deprecationReason: String? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    /// Whether a value must be given: a non-null type without a default.
    public var isRequired: Bool {
        if case .nonNull = type, defaultValue == nil { return true }
        return false
    }
}

/// A value of an enum type.
public struct SchemaEnumValue: Sendable, Hashable {
    public let name: String
    public let description: String?
    public let deprecationReason: String?
    public let directives: [Directive]
    public let location: SourceLocation

    public init(
        name: String,
        description: String? = nil,
        deprecationReason: String? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }
}

/// A directive a schema declares (or knows as built in).
public final class SchemaDirective: Sendable {
    public let name: String
    public let description: String?
    public let arguments: [SchemaInputValue]
    public let locations: Set<DirectiveLocation>
    public let isRepeatable: Bool
    public let location: SourceLocation

    public init(
        name: String,
        description: String? = nil,
        arguments: [SchemaInputValue] = [],
        locations: Set<DirectiveLocation>,
        isRepeatable: Bool = false,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
        self.location = location
    }

    /// The argument named `name`.
    public func argument(named name: String) -> SchemaInputValue? {
        arguments.first { $0.name == name }
    }
}
