/// An object type or an interface type: the two kinds of named type made of fields that may implement interfaces
/// (the specification's "implementing types"). ``ObjectType`` and ``InterfaceType`` are its two kinds.
public final class ImplementingType<Kind: ImplementingTypeKind>: Sendable {
    /// The type's name.
    public let name: String
    /// The type's description, without block-string indentation.
    public let description: String?
    /// The interfaces it implements, by name, in declaration order.
    public let interfaces: [String]
    /// The fields, in declaration order.
    public var fields: [SchemaField] { fieldTable.members }
    /// The directives applied to the type's definition.
    public let directives: [Directive]
    /// Where the type's name is written (`.unknown` for introspected types).
    public let location: SourceLocation
    private let fieldTable: NamedLookup<SchemaField>

    /// The type `name` with `fields`, implementing `interfaces`.
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
        fieldTable = NamedLookup(fields)
        self.directives = directives
        self.location = location
    }

    /// The field named `name`.
    public func field(named name: String) -> SchemaField? {
        fieldTable[name]
    }

    /// The type with `fields` instead of its own.
    func replacing(fields: [SchemaField]) -> ImplementingType {
        ImplementingType(
            name: name, description: description, interfaces: interfaces, fields: fields, directives: directives,
            location: location)
    }
}

/// An implementing type of either kind, for ``SchemaType`` to read fields through whatever the kind.
protocol FieldedType {
    var fields: [SchemaField] { get }
    func field(named name: String) -> SchemaField?
}

extension ImplementingType: FieldedType {}

/// Which of the two implementing types an ``ImplementingType`` is.
public protocol ImplementingTypeKind: Sendable {}

/// The kind of ``ObjectType``: a concrete type whose values a response holds.
public enum ObjectTypeKind: ImplementingTypeKind {}

/// The kind of ``InterfaceType``: an abstract type that object and interface types implement.
public enum InterfaceTypeKind: ImplementingTypeKind {}

/// An object type.
public typealias ObjectType = ImplementingType<ObjectTypeKind>

/// An interface type.
public typealias InterfaceType = ImplementingType<InterfaceTypeKind>
