/// A named type of a schema.
public enum SchemaType: Sendable {
    case scalar(ScalarType)
    case object(ObjectType)
    case interface(InterfaceType)
    case union(UnionType)
    case enumeration(EnumType)
    case inputObject(InputObjectType)

    /// The type's name.
    public var name: String {
        switch self {
        case .scalar(let type): type.name
        case .object(let type): type.name
        case .interface(let type): type.name
        case .union(let type): type.name
        case .enumeration(let type): type.name
        case .inputObject(let type): type.name
        }
    }

    /// The type's description.
    public var description: String? {
        switch self {
        case .scalar(let type): type.description
        case .object(let type): type.description
        case .interface(let type): type.description
        case .union(let type): type.description
        case .enumeration(let type): type.description
        case .inputObject(let type): type.description
        }
    }

    /// Where the type was defined (`.unknown` for built-in and introspected types).
    public var location: SourceLocation {
        switch self {
        case .scalar(let type): type.location
        case .object(let type): type.location
        case .interface(let type): type.location
        case .union(let type): type.location
        case .enumeration(let type): type.location
        case .inputObject(let type): type.location
        }
    }

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
        switch self {
        case .object(let type): type.fields
        case .interface(let type): type.fields
        default: []
        }
    }

    /// The field named `name` of an object or interface type (not the `__typename` meta field).
    public func field(named name: String) -> SchemaField? {
        switch self {
        case .object(let type): type.field(named: name)
        case .interface(let type): type.field(named: name)
        default: nil
        }
    }
}
