/// Relations between type references, as the specification's validation algorithms use them.
enum TypeRelations {
    /// Whether a field of type `candidate` can implement an interface field of type `expected`
    /// ("IsValidImplementationFieldType"): the same type, or a more specific one (non-null for nullable, a possible
    /// type for an abstract type, a list of such for a list).
    static func isSubtype(_ candidate: TypeReference, of expected: TypeReference, in schema: GraphQLSchema) -> Bool {
        switch (candidate, expected) {
        case (.nonNull(let inner, _), .nonNull(let expectedInner, _)):
            return isSubtype(inner, of: expectedInner, in: schema)
        case (.nonNull(let inner, _), _):
            return isSubtype(inner, of: expected, in: schema)
        case (_, .nonNull):
            return false
        case (.list(let inner, _), .list(let expectedInner, _)):
            return isSubtype(inner, of: expectedInner, in: schema)
        case (.list, _), (_, .list):
            return false
        case (.named(let name), .named(let expectedName)):
            if name.value == expectedName.value { return true }
            guard let type = schema.type(named: name.value), let expectedType = schema.type(named: expectedName.value)
            else { return false }
            return schema.isSubtype(type, of: expectedType)
        }
    }
}
