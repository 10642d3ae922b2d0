/// A description: a string before a type-system definition.
public struct Description: Sendable, Hashable {
    /// The string's value, with block-string indentation already removed.
    public var value: String
    /// Whether it was written as a block string.
    public var isBlock: Bool
    /// Where the description starts: its opening quotes.
    public var location: SourceLocation

    /// A description with the text `value`.
    public init(_ value: String, isBlock: Bool = true, location: SourceLocation = .unknown) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }
}

/// `schema @directives { query: Query ... }`, or `extend schema ...` when ``isExtension``.
public struct SchemaDefinition: Sendable, Hashable {
    /// The description of the schema; an extension has none.
    public var description: Description?
    /// The directives applied to the schema.
    public var directives: [Directive]
    /// The root operation types, in source order.
    public var operationTypes: [OperationTypeDefinition]
    /// Whether this is `extend schema`, which adds to the schema definition.
    public var isExtension: Bool
    /// Where the definition starts: its description, else its `schema` or `extend` keyword.
    public var location: SourceLocation

    /// A schema definition, or an extension of the schema when `isExtension`.
    public init(
        description: Description? = nil,
        directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition],
        isExtension: Bool = false,
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.isExtension = isExtension
        self.location = location
    }
}

/// `query: Query` inside a schema definition.
public struct OperationTypeDefinition: Sendable, Hashable {
    /// The kind of operation the type is the root of.
    public var operation: OperationKind
    /// The name of the root object type.
    public var type: Name
    /// Where the entry starts: its operation keyword.
    public var location: SourceLocation

    /// The entry `operation: type`.
    public init(operation: OperationKind, type: Name, location: SourceLocation = .unknown) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// A type definition, or an extension of one when ``isExtension``.
public struct TypeDefinition: Sendable, Hashable {
    /// What kind of type, with its kind-specific parts.
    public enum Kind: Sendable, Hashable {
        case scalar
        case object(interfaces: [Name], fields: [FieldDefinition])
        case interface(interfaces: [Name], fields: [FieldDefinition])
        case union(members: [Name])
        case enumeration(values: [EnumValueDefinition])
        case inputObject(fields: [InputValueDefinition])
    }

    /// The kind of type, with its interfaces, fields, members or values.
    public var kind: Kind
    /// The name of the type defined or extended.
    public var name: Name
    /// The type's description; an extension has none.
    public var description: Description?
    /// The directives applied to the type.
    public var directives: [Directive]
    /// Whether this is an `extend` of a type defined elsewhere.
    public var isExtension: Bool
    /// Where the definition starts: its description, else its first keyword.
    public var location: SourceLocation

    /// A definition of the type `name` of `kind`, or an extension of it when `isExtension`.
    public init(
        kind: Kind,
        name: Name,
        description: Description? = nil,
        directives: [Directive] = [],
        isExtension: Bool = false,
        location: SourceLocation = .unknown
    ) {
        self.kind = kind
        self.name = name
        self.description = description
        self.directives = directives
        self.isExtension = isExtension
        self.location = location
    }
}

/// A field of an object or interface type.
public struct FieldDefinition: Sendable, Hashable {
    /// The field's description.
    public var description: Description?
    /// The field's name.
    public var name: Name
    /// The arguments the field accepts, in source order.
    public var arguments: [InputValueDefinition]
    /// The type of the field's value.
    public var type: TypeReference
    /// The directives applied to the field definition, such as `@deprecated`.
    public var directives: [Directive]
    /// Where the definition starts: its description, else its name.
    public var location: SourceLocation

    /// A definition of the field `name` of `type`.
    public init(
        description: Description? = nil,
        name: Name,
        arguments: [InputValueDefinition] = [],
        type: TypeReference,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// An argument definition or an input-object field.
public struct InputValueDefinition: Sendable, Hashable {
    /// The argument's or input field's description.
    public var description: Description?
    /// The argument's or input field's name.
    public var name: Name
    /// The type of the value it accepts.
    public var type: TypeReference
    /// The constant value used when none is given; `nil` when there is no default.
    public var defaultValue: Value?
    /// The directives applied to the definition, such as `@deprecated`.
    public var directives: [Directive]
    /// Where the definition starts: its description, else its name.
    public var location: SourceLocation

    /// A definition of the argument or input field `name` of `type`.
    public init(
        description: Description? = nil,
        name: Name,
        type: TypeReference,
        defaultValue: Value? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// An enum value definition.
public struct EnumValueDefinition: Sendable, Hashable {
    /// The enum value's description.
    public var description: Description?
    /// The enum value itself, as written in documents and responses.
    public var name: Name
    /// The directives applied to the value, such as `@deprecated`.
    public var directives: [Directive]
    /// Where the definition starts: its description, else its name.
    public var location: SourceLocation

    /// A definition of the enum value `name`.
    public init(
        description: Description? = nil,
        name: Name,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `directive @name(arguments) repeatable on LOCATIONS`
public struct DirectiveDefinition: Sendable, Hashable {
    /// The directive's description.
    public var description: Description?
    /// The directive's name, without the `@`.
    public var name: Name
    /// The arguments the directive accepts, in source order.
    public var arguments: [InputValueDefinition]
    /// Whether the directive may be applied more than once at one location.
    public var isRepeatable: Bool
    /// Where the directive may be applied (`FIELD`, `OBJECT`, ...), as written.
    public var locations: [Name]
    /// Where the definition starts: its description, else its `directive` keyword.
    public var location: SourceLocation

    /// A definition of the directive `@name`, applicable at `locations`.
    public init(
        description: Description? = nil,
        name: Name,
        arguments: [InputValueDefinition] = [],
        isRepeatable: Bool = false,
        locations: [Name],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}
