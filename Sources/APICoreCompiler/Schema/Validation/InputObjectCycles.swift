/// Finds cycles of non-null, non-list input-object fields: an input object on such a cycle needs a value of itself
/// inside its own value, so no finite value exists.
struct NonNullCycleSearch {
    /// One cycle: where it starts and the field names that lead back there.
    struct Cycle {
        var typeName: String
        var path: [String]
        /// The first field of the cycle.
        var location: SourceLocation
    }

    let schema: GraphQLSchema
    private(set) var cycles: [Cycle] = []
    private var visited: Set<String> = []
    private var path: [SchemaInputValue] = []
    private var pathStartByTypeName: [String: Int] = [:]

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    /// Explores the non-null references from `type`, depth first, recording each cycle found once.
    mutating func visit(_ type: InputObjectType) {
        guard visited.insert(type.name).inserted else { return }
        pathStartByTypeName[type.name] = path.count
        for field in type.fields {
            guard case .nonNull(.named(let name), _) = field.type,
                case .inputObject(let fieldType)? = schema.type(named: name.value)
            else { continue }
            path.append(field)
            if let start = pathStartByTypeName[name.value] {
                let fields = path[start...]
                cycles.append(
                    Cycle(typeName: name.value, path: fields.map(\.name), location: fields.first?.location ?? .unknown)
                )
            } else {
                visit(fieldType)
            }
            path.removeLast()
        }
        pathStartByTypeName[type.name] = nil
    }
}

/// Which input objects can have a finite value ("inhabited"), computed as a fixed point: a plain input object is
/// inhabited when the input objects of its non-null, non-list fields are; a `@oneOf` input object when one of its
/// fields can be given (a scalar, an enum, a list, or an inhabited input object).
enum InputObjectInhabitation {
    static func inhabitedNames(of inputObjects: [InputObjectType], in schema: GraphQLSchema) -> Set<String> {
        var inhabited: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for inputObject in inputObjects where !inhabited.contains(inputObject.name) {
                if isInhabited(inputObject, given: inhabited, in: schema) {
                    inhabited.insert(inputObject.name)
                    changed = true
                }
            }
        }
        return inhabited
    }

    private static func isInhabited(
        _ inputObject: InputObjectType,
        given inhabited: Set<String>,
        in schema: GraphQLSchema
    ) -> Bool {
        if inputObject.isOneOf {
            return inputObject.fields.contains { canBeGiven($0.type, given: inhabited, in: schema) }
        }
        return inputObject.fields.allSatisfy { field in
            guard case .nonNull(.named(let name), _) = field.type,
                case .inputObject? = schema.type(named: name.value)
            else { return true }
            return inhabited.contains(name.value)
        }
    }

    private static func canBeGiven(
        _ type: TypeReference, given inhabited: Set<String>, in schema: GraphQLSchema
    ) -> Bool {
        switch type {
        case .nonNull(let inner, _):
            return canBeGiven(inner, given: inhabited, in: schema)
        case .list:
            return true
        case .named(let name):
            guard case .inputObject? = schema.type(named: name.value) else { return true }
            return inhabited.contains(name.value)
        }
    }
}
