/// A GraphQL schema: its named types, directives and root operation types, with the lookups validation and code
/// generation need.
///
/// Build one from SDL or introspection JSON with the builders in this module; they validate the schema first, so a
/// `GraphQLSchema` value is always a valid schema. The initializer here only assembles parts and precomputes lookups.
public final class GraphQLSchema: Sendable {
    /// The schema's description.
    public let description: String?
    /// The named types, built-in scalars included, in definition order.
    public let types: [SchemaType]
    /// The directives, built-in ones included.
    public let directives: [SchemaDirective]
    /// The name of the query root type.
    public let queryTypeName: String?
    /// The name of the mutation root type.
    public let mutationTypeName: String?
    /// The name of the subscription root type.
    public let subscriptionTypeName: String?
    /// The directives applied to the schema definition.
    public let schemaDirectives: [Directive]
    /// Warnings collected while building (deprecated usage, unknown directives tolerated by options).
    public let warnings: [Diagnostic]

    private let typeLookup: NamedLookup<SchemaType>
    private let directiveLookup: NamedLookup<SchemaDirective>
    /// For each abstract type, its possible object type names; for each interface, also its implementing interfaces.
    private let possibleTypeNames: [String: Set<String>]
    /// The same as objects, in definition order: generation and validation ask for them for every selection set.
    private let possibleObjects: [String: [ObjectType]]
    private let implementingInterfaces: [String: [String]]

    /// Assembles a schema from parts already checked by a builder.
    public init(
        description: String? = nil,
        types: [SchemaType],
        directives: [SchemaDirective],
        queryTypeName: String?,
        mutationTypeName: String? = nil,
        subscriptionTypeName: String? = nil,
        schemaDirectives: [Directive] = [],
        warnings: [Diagnostic] = []
    ) {
        self.description = description
        self.types = types
        self.directives = directives
        self.queryTypeName = queryTypeName
        self.mutationTypeName = mutationTypeName
        self.subscriptionTypeName = subscriptionTypeName
        self.schemaDirectives = schemaDirectives
        self.warnings = warnings
        // `CatchTo`, which the built-in `@catch` and `@catchByDefault` refer to, is found by name but listed nowhere.
        let catchTo = BuiltInDefinitions.catchTo
        let findsCatchTo =
            !types.contains { $0.name == catchTo.name }
            && directives.contains { directive in BuiltInDefinitions.nullabilityDirectives.contains { $0 === directive }
            }
        typeLookup = NamedLookup(findsCatchTo ? types + [.enumeration(catchTo)] : types)
        directiveLookup = NamedLookup(directives)

        var possible: [String: Set<String>] = [:]
        var implementing: [String: [String]] = [:]
        for type in types {
            switch type {
            case .object(let object):
                possible[object.name] = [object.name]
                for interface in object.interfaces { possible[interface, default: []].insert(object.name) }
            case .interface(let interface):
                possible[interface.name, default: []].formUnion([])
                for parent in interface.interfaces { implementing[parent, default: []].append(interface.name) }
            case .union(let union):
                possible[union.name, default: []].formUnion(union.members)
            default:
                break
            }
        }
        possibleTypeNames = possible
        implementingInterfaces = implementing
        var unionsOf: [String: [String]] = [:]
        for case .union(let union) in types {
            for member in Set(union.members) { unionsOf[member, default: []].append(union.name) }
        }
        var objects: [String: [ObjectType]] = [:]
        for case .object(let object) in types {
            for abstract in Set([object.name] + object.interfaces + (unionsOf[object.name] ?? [])) {
                objects[abstract, default: []].append(object)
            }
        }
        possibleObjects = objects
    }

    /// The same schema as `schema` with other warnings, sharing its lookups.
    private init(_ schema: GraphQLSchema, warnings: [Diagnostic]) {
        description = schema.description
        types = schema.types
        directives = schema.directives
        queryTypeName = schema.queryTypeName
        mutationTypeName = schema.mutationTypeName
        subscriptionTypeName = schema.subscriptionTypeName
        schemaDirectives = schema.schemaDirectives
        self.warnings = warnings
        typeLookup = schema.typeLookup
        directiveLookup = schema.directiveLookup
        possibleTypeNames = schema.possibleTypeNames
        possibleObjects = schema.possibleObjects
        implementingInterfaces = schema.implementingInterfaces
    }

    /// The same schema with `warnings` instead of its own.
    func replacing(warnings: [Diagnostic]) -> GraphQLSchema {
        GraphQLSchema(self, warnings: warnings)
    }

    /// The named type called `name`.
    public func type(named name: String) -> SchemaType? {
        typeLookup[name]
    }

    /// The directive called `name` (without `@`).
    public func directive(named name: String) -> SchemaDirective? {
        directiveLookup[name]
    }

    /// The root type of an operation kind, when the schema has one.
    public func rootType(for kind: OperationKind) -> ObjectType? {
        let name: String? =
            switch kind {
            case .query: queryTypeName
            case .mutation: mutationTypeName
            case .subscription: subscriptionTypeName
            }
        guard let name, case .object(let object)? = type(named: name) else { return nil }
        return object
    }

    /// The object types a value of `type` can be: the type itself for an object, the implementations of an
    /// interface, the members of a union; empty for other types.
    public func possibleTypeNames(of type: SchemaType) -> Set<String> {
        possibleTypeNames[type.name] ?? []
    }

    /// The object types a value of `type` can be, in definition order.
    public func possibleTypes(of type: SchemaType) -> [ObjectType] {
        switch type {
        case .object, .interface, .union: possibleObjects[type.name] ?? []
        default: []
        }
    }

    /// Whether an object of type `objectName` can be a value of `type`.
    public func isPossibleType(_ objectName: String, of type: SchemaType) -> Bool {
        possibleTypeNames(of: type).contains(objectName)
    }

    /// The interfaces that declare they implement the interface `name`.
    public func interfacesImplementing(_ name: String) -> [String] {
        implementingInterfaces[name] ?? []
    }

    /// Whether `maybeSubtype` is `supertype` or one of its possible types or implementing interfaces.
    public func isSubtype(_ maybeSubtype: SchemaType, of supertype: SchemaType) -> Bool {
        if maybeSubtype.name == supertype.name { return true }
        guard supertype.isAbstract else { return false }
        switch maybeSubtype {
        case .object(let object):
            return isPossibleType(object.name, of: supertype)
        case .interface(let interface):
            if case .interface = supertype { return interface.interfaces.contains(supertype.name) }
            return false
        default:
            return false
        }
    }

    /// Whether two composite types can have an object in common.
    public func typesOverlap(_ first: SchemaType, _ second: SchemaType) -> Bool {
        if first.name == second.name { return true }
        return !possibleTypeNames(of: first).isDisjoint(with: possibleTypeNames(of: second))
    }
}
