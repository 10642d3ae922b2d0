/// A scalar type: built-in (`Int`, `Float`, `String`, `Boolean`, `ID`) or custom.
public final class ScalarType: Sendable {
    public let name: String
    public let description: String?
    /// The `@specifiedBy(url:)` URL.
    public let specifiedByURL: String?
    public let directives: [Directive]
    public let location: SourceLocation

    public init(
        name: String,
        description: String? = nil,
        specifiedByURL: String? = nil,
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.directives = directives
        self.location = location
    }

    /// Whether the scalar is one of the five the specification defines.
    public var isBuiltIn: Bool { ["Int", "Float", "String", "Boolean", "ID"].contains(name) }
}

/// An object type.
public final class ObjectType: Sendable {
    public let name: String
    public let description: String?
    /// The interfaces it implements, by name, in declaration order.
    public let interfaces: [String]
    /// The fields, in declaration order.
    public var fields: [SchemaField] { fieldTable.members }
    public let directives: [Directive]
    public let location: SourceLocation
    private let fieldTable: NamedLookup<SchemaField>

    public init(
        name: String,
        description: String? = nil,
        interfaces: [String] = [],
        fields: [SchemaField],
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        fieldTable = NamedLookup(fields, name: \.name)
        self.directives = directives
        self.location = location
    }

    /// The field named `name`.
    public func field(named name: String) -> SchemaField? {
        fieldTable[name]
    }
}

/// An interface type.
public final class InterfaceType: Sendable {
    public let name: String
    public let description: String?
    /// The interfaces it implements, by name.
    public let interfaces: [String]
    public var fields: [SchemaField] { fieldTable.members }
    public let directives: [Directive]
    public let location: SourceLocation
    private let fieldTable: NamedLookup<SchemaField>

    public init(
        name: String,
        description: String? = nil,
        interfaces: [String] = [],
        fields: [SchemaField],
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        fieldTable = NamedLookup(fields, name: \.name)
        self.directives = directives
        self.location = location
    }

    /// The field named `name`.
    public func field(named name: String) -> SchemaField? {
        fieldTable[name]
    }
}

/// A union type.
public final class UnionType: Sendable {
    public let name: String
    public let description: String?
    /// The member object types, by name, in declaration order.
    public let members: [String]
    public let directives: [Directive]
    public let location: SourceLocation

    public init(
        name: String,
        description: String? = nil,
        members: [String],
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.members = members
        self.directives = directives
        self.location = location
    }
}

/// An enum type.
public final class EnumType: Sendable {
    public let name: String
    public let description: String?
    public let values: [SchemaEnumValue]
    public let directives: [Directive]
    public let location: SourceLocation
    private let valueNames: Set<String>

    public init(
        name: String,
        description: String? = nil,
        values: [SchemaEnumValue],
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        self.values = values
        self.directives = directives
        self.location = location
        valueNames = Set(values.map(\.name))
    }

    /// Whether `name` is one of the values.
    public func hasValue(_ name: String) -> Bool { valueNames.contains(name) }
}

/// An input object type.
public final class InputObjectType: Sendable {
    public let name: String
    public let description: String?
    public var fields: [SchemaInputValue] { fieldTable.members }
    public let directives: [Directive]
    public let location: SourceLocation
    private let fieldTable: NamedLookup<SchemaInputValue>

    public init(
        name: String,
        description: String? = nil,
        fields: [SchemaInputValue],
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        fieldTable = NamedLookup(fields, name: \.name)
        self.directives = directives
        self.location = location
        isOneOf = directives.contains { $0.name.value == "oneOf" }
    }

    /// An input object whose `@oneOf` is given apart from its directives: a builder that ignores an applied `@oneOf`
    /// (on an extension, as graphql-js does) keeps it among the directives, where it is still validated.
    init(
        name: String,
        description: String?,
        fields: [SchemaInputValue],
        directives: [Directive],
        isOneOf: Bool,
        location: SourceLocation
    ) {
        self.name = name
        self.description = description
        fieldTable = NamedLookup(fields, name: \.name)
        self.directives = directives
        self.location = location
        self.isOneOf = isOneOf
    }

    /// The field named `name`.
    public func field(named name: String) -> SchemaInputValue? {
        fieldTable[name]
    }

    /// Whether the type is a `@oneOf` input object: exactly one field must be given, and not null.
    public let isOneOf: Bool
}
