/// A field of an object or interface type.
public struct SchemaField: Sendable, Hashable {
    /// The field's name.
    public let name: String
    /// The field's description, without block-string indentation.
    public let description: String?
    /// The arguments the field accepts, in declaration order.
    public let arguments: [SchemaInputValue]
    /// The type of the field's value.
    public let type: TypeReference
    /// The `@deprecated(reason:)` reason; `"No longer supported"` when deprecated without one; `nil` when not.
    public let deprecationReason: String?
    /// The directives applied to the field's definition.
    public let directives: [Directive]
    /// Where the field's name is written (`.unknown` for built-in and introspected fields).
    public let location: SourceLocation

    /// A field `name` of `type`, deprecated when `deprecationReason` is given.
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

    /// Whether the field is deprecated: it has a deprecation reason.
    public var isDeprecated: Bool { deprecationReason != nil }
}

/// An argument or an input-object field.
public struct SchemaInputValue: Sendable, Hashable {
    /// The argument's or input field's name.
    public let name: String
    /// The argument's or input field's description, without block-string indentation.
    public let description: String?
    /// The type of the value it accepts.
    public let type: TypeReference
    /// The default value as a constant literal.
    public let defaultValue: Value?
    /// The `@deprecated(reason:)` reason; `nil` when not deprecated.
    public let deprecationReason: String?
    /// The directives applied to the definition.
    public let directives: [Directive]
    /// Where the name is written (`.unknown` for built-in and introspected input values).
    public let location: SourceLocation

    /// An argument or input field `name` of `type`, with `defaultValue` used when none is given.
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
    /// The value itself, as written in documents and responses.
    public let name: String
    /// The value's description, without block-string indentation.
    public let description: String?
    /// The `@deprecated(reason:)` reason; `nil` when not deprecated.
    public let deprecationReason: String?
    /// The directives applied to the value's definition.
    public let directives: [Directive]
    /// Where the value is written (`.unknown` for built-in and introspected values).
    public let location: SourceLocation

    /// The enum value `name`, deprecated when `deprecationReason` is given.
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
    /// The directive's name, without the `@`.
    public let name: String
    /// The directive's description, without block-string indentation.
    public let description: String?
    /// The arguments the directive accepts, in declaration order.
    public let arguments: [SchemaInputValue]
    /// Where the directive may be applied.
    public let locations: Set<DirectiveLocation>
    /// Whether the directive may be applied more than once at one location.
    public let isRepeatable: Bool
    /// Where the directive's name is written (`.unknown` for built-in and introspected directives).
    public let location: SourceLocation

    /// The directive `@name`, applicable at `locations`.
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

/// Fields, arguments, input fields and enum values: the schema members that can be deprecated.
protocol DeprecatableSchemaMember {
    /// The member's name.
    var name: String { get }
    /// The member's description, without block-string indentation.
    var description: String? { get }
    /// The `@deprecated(reason:)` reason; `nil` when not deprecated.
    var deprecationReason: String? { get }
    /// The directives applied to the member's definition.
    var directives: [Directive] { get }
}

extension SchemaField: DeprecatableSchemaMember {}
extension SchemaInputValue: DeprecatableSchemaMember {}
extension SchemaEnumValue: DeprecatableSchemaMember {}
