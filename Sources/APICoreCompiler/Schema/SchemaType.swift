/// A named type of a schema.
public enum SchemaType: Sendable {
    case scalar(ScalarType)
    case object(ObjectType)
    case interface(InterfaceType)
    case union(UnionType)
    case enumeration(EnumType)
    case inputObject(InputObjectType)

    /// The type itself, whatever its kind.
    private var namedType: any SchemaNamedType {
        switch self {
        case .scalar(let type): type
        case .object(let type): type
        case .interface(let type): type
        case .union(let type): type
        case .enumeration(let type): type
        case .inputObject(let type): type
        }
    }

    /// The type's name.
    public var name: String { namedType.name }

    /// The type's description.
    public var description: String? { namedType.description }

    /// The directives applied to the type's definition.
    public var directives: [Directive] { namedType.directives }

    /// Where the type was defined (`.unknown` for built-in and introspected types).
    public var location: SourceLocation { namedType.location }

    /// The introspection kind: `SCALAR`, `OBJECT`, `INTERFACE`, `UNION`, `ENUM`, `INPUT_OBJECT`.
    public var kindName: String {
        switch self {
        case .scalar: "SCALAR"
        case .object: "OBJECT"
        case .interface: "INTERFACE"
        case .union: "UNION"
        case .enumeration: "ENUM"
        case .inputObject: "INPUT_OBJECT"
        }
    }

    /// Scalars and enums.
    public var isLeaf: Bool {
        switch self {
        case .scalar, .enumeration: true
        default: false
        }
    }

    /// Objects, interfaces and unions: types with selection sets.
    public var isComposite: Bool {
        switch self {
        case .object, .interface, .union: true
        default: false
        }
    }

    /// Interfaces and unions.
    public var isAbstract: Bool {
        switch self {
        case .interface, .union: true
        default: false
        }
    }

    /// Scalars, enums and input objects: types of arguments and variables.
    public var isInputType: Bool {
        switch self {
        case .scalar, .enumeration, .inputObject: true
        default: false
        }
    }

    /// Every type but input objects: types of fields.
    public var isOutputType: Bool {
        if case .inputObject = self { return false }
        return true
    }

    /// The fields of an object or interface type; empty for others.
    public var fields: [SchemaField] {
        interfaceImplementingType?.fields ?? []
    }

    /// The field named `name` of an object or interface type (not the `__typename` meta field).
    public func field(named name: String) -> SchemaField? {
        interfaceImplementingType?.field(named: name)
    }

    /// The object or interface type; `nil` for other kinds.
    private var interfaceImplementingType: (any FieldedType)? {
        switch self {
        case .object(let type): type
        case .interface(let type): type
        default: nil
        }
    }
}
