/// A scalar type: built-in (`Int`, `Float`, `String`, `Boolean`, `ID`) or custom.
public final class ScalarType: Sendable {
    /// The scalar's name.
    public let name: String
    /// The scalar's description, without block-string indentation.
    public let description: String?
    /// The `@specifiedBy(url:)` URL.
    public let specifiedByURL: String?
    /// The directives applied to the scalar's definition.
    public let directives: [Directive]
    /// Where the scalar's name is written (`.unknown` for built-in and introspected scalars).
    public let location: SourceLocation

    /// The scalar `name`.
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

/// A union type.
public final class UnionType: Sendable {
    /// The union's name.
    public let name: String
    /// The union's description, without block-string indentation.
    public let description: String?
    /// The member object types, by name, in declaration order.
    public let members: [String]
    /// The directives applied to the union's definition.
    public let directives: [Directive]
    /// Where the union's name is written (`.unknown` for introspected types).
    public let location: SourceLocation

    /// The union `name` of the object types `members`.
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
    /// The enum's name.
    public let name: String
    /// The enum's description, without block-string indentation.
    public let description: String?
    /// The values, in declaration order.
    public let values: [SchemaEnumValue]
    /// The directives applied to the enum's definition.
    public let directives: [Directive]
    /// Where the enum's name is written (`.unknown` for introspected types).
    public let location: SourceLocation
    private let valueNames: Set<String>

    /// The enum `name` with `values`.
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
    /// The input object's name.
    public let name: String
    /// The input object's description, without block-string indentation.
    public let description: String?
    /// The input fields, in declaration order.
    public var fields: [SchemaInputValue] { fieldTable.members }
    /// The directives applied to the input object's definition, `@oneOf` among them when applied.
    public let directives: [Directive]
    /// Where the input object's name is written (`.unknown` for introspected types).
    public let location: SourceLocation
    private let fieldTable: NamedLookup<SchemaInputValue>

    /// The input object `name` with `fields`; it is a `@oneOf` input object when `directives` include `@oneOf`.
    public init(
        name: String,
        description: String? = nil,
        fields: [SchemaInputValue],
        directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.description = description
        fieldTable = NamedLookup(fields)
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
        fieldTable = NamedLookup(fields)
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
