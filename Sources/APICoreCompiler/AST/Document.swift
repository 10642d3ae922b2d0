/// A parsed GraphQL document: executable definitions, type-system definitions and extensions, in source order.
public struct Document: Sendable, Hashable {
    /// The definitions.
    public var definitions: [Definition]

    /// A document.
    public init(definitions: [Definition]) {
        self.definitions = definitions
    }

    /// The operations.
    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
    }

    /// The fragments.
    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }
}

/// One top-level definition.
public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    /// `schema { ... }` or `extend schema ...`.
    case schema(SchemaDefinition)
    /// A type definition or `extend type ...`.
    case type(TypeDefinition)
    case directive(DirectiveDefinition)

    /// Where the definition starts.
    public var location: SourceLocation {
        switch self {
        case .operation(let node): node.location
        case .fragment(let node): node.location
        case .schema(let node): node.location
        case .type(let node): node.location
        case .directive(let node): node.location
        }
    }

    /// Whether the definition belongs in an executable document.
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}
