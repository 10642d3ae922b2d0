/// FieldsOnCorrectType (specification 5.3.1): a selected field exists on the type it is selected on. The message
/// suggests, like graphql-js, inline fragments on the possible types that have the field, else similar field names.
enum FieldsOnCorrectTypeRule {
    /// Reports `field`, which `parentType` does not define.
    static func report(_ field: Field, on parentType: SchemaType, _ context: ValidationContext) {
        let name = field.name.value
        var suggestion = Suggestions.didYouMean(
            "to use an inline fragment on", suggestedTypeNames(for: name, on: parentType, context))
        if suggestion.isEmpty {
            suggestion = Suggestions.didYouMean(Suggestions.list(for: name, from: parentType.fields.map(\.name)))
        }
        context.report(
            "FieldsOnCorrectType", "Cannot query field \"\(name)\" on type \"\(parentType.name)\".\(suggestion)",
            at: [field.location])
    }

    /// For an abstract type: the possible types and their interfaces that define the field, the most widely shared
    /// first, an interface before the types that implement it, otherwise in natural order.
    private static func suggestedTypeNames(
        for fieldName: String, on type: SchemaType, _ context: ValidationContext
    ) -> [String] {
        guard type.isAbstract else { return [] }
        var candidates: [SchemaType] = []
        var usage: [String: Int] = [:]
        for object in context.schema.possibleTypes(of: type) where object.field(named: fieldName) != nil {
            candidates.append(.object(object))
            usage[object.name] = 1
            for interfaceName in object.interfaces {
                guard let interface = context.type(named: interfaceName), interface.field(named: fieldName) != nil
                else { continue }
                if usage[interfaceName] == nil { candidates.append(interface) }
                usage[interfaceName, default: 0] += 1
            }
        }
        candidates.sort { lhs, rhs in
            let (left, right) = (usage[lhs.name] ?? 0, usage[rhs.name] ?? 0)
            if left != right { return left > right }
            if case .interface = lhs, context.schema.isSubtype(rhs, of: lhs) { return true }
            if case .interface = rhs, context.schema.isSubtype(lhs, of: rhs) { return false }
            return Suggestions.naturallyPrecedes(lhs.name, rhs.name)
        }
        return candidates.map(\.name)
    }
}
