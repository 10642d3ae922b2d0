extension ValidationContext {
    /// The named type called `name`: the schema's, else a built-in one (specified scalars, introspection types).
    func type(named name: String) -> SchemaType? {
        schema.type(named: name) ?? ValidationBuiltIns.types[name]
    }

    /// The named type at the core of `reference`, when it exists.
    func namedType(of reference: TypeReference) -> SchemaType? {
        type(named: reference.namedType.value)
    }

    /// The directive called `name`: the schema's, else a built-in one (`@skip`, `@include`, ...).
    func directive(named name: String) -> SchemaDirective? {
        schema.directive(named: name) ?? ValidationBuiltIns.directives[name]
    }

    /// The field `name` of `parent`, meta fields included: `__typename` on every composite type, `__schema` and
    /// `__type` on the query root type.
    func fieldDefinition(named name: String, on parent: SchemaType) -> SchemaField? {
        if name.hasPrefix("__") {
            switch name {
            case "__typename" where parent.isComposite: return ValidationBuiltIns.typenameField
            case "__schema" where parent.name == schema.queryTypeName: return ValidationBuiltIns.schemaField
            case "__type" where parent.name == schema.queryTypeName: return ValidationBuiltIns.typeField
            default: break
            }
        }
        return parent.field(named: name)
    }

    /// The names of all types a document may name, for suggestions.
    var knownTypeNames: [String] {
        let schemaNames = schema.types.map(\.name)
        let present = Set(schemaNames)
        return schemaNames + ValidationBuiltIns.types.keys.filter { !present.contains($0) }.sorted()
    }

    /// Whether a value of type `subtype` may be used where `supertype` is expected: equal types, a non-null type
    /// where its nullable type is expected, lists of such types, or an object or interface where an abstract type
    /// that includes it is expected.
    func isTypeSubtype(_ subtype: TypeReference, of supertype: TypeReference) -> Bool {
        switch (subtype, supertype) {
        case (.nonNull(let inner, _), .nonNull(let superInner, _)):
            return isTypeSubtype(inner, of: superInner)
        case (_, .nonNull):
            return false
        case (.nonNull(let inner, _), _):
            return isTypeSubtype(inner, of: supertype)
        case (.list(let inner, _), .list(let superInner, _)):
            return isTypeSubtype(inner, of: superInner)
        case (_, .list), (.list, _):
            return false
        case (.named(let name), .named(let superName)):
            if name.value == superName.value { return true }
            guard let subtype = type(named: name.value), let supertype = type(named: superName.value) else {
                return false
            }
            return supertype.isAbstract && schema.isSubtype(subtype, of: supertype)
        }
    }
}
