/// A description: a string before a type-system definition.
public struct Description: Sendable, Hashable {
    /// The string's value, with block-string indentation already removed.
    public var value: String
    /// Whether it was written as a block string.
    public var isBlock: Bool
    public var location: SourceLocation

    public init(_ value: String, isBlock: Bool = true, location: SourceLocation = .unknown) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }
}

/// `schema @directives { query: Query ... }`, or `extend schema ...` when ``isExtension``.
public struct SchemaDefinition: Sendable, Hashable {
    public var description: Description?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var isExtension: Bool
    public var location: SourceLocation

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
    public var operation: OperationKind
    public var type: Name
    public var location: SourceLocation

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

    public var kind: Kind
    public var name: Name
    public var description: Description?
    public var directives: [Directive]
    public var isExtension: Bool
    public var location: SourceLocation

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
    public var description: Description?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var location: SourceLocation

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
    public var description: Description?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var location: SourceLocation

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
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation

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
    public var description: Description?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    public var locations: [Name]
    public var location: SourceLocation

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
