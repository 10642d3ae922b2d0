/// Union members and enum values.
extension SchemaValidator {
    static func checkUnion(_ union: UnionType, _ context: inout SchemaValidationContext) {
        if union.members.isEmpty {
            context.error(
                "Union \"\(union.name)\" must have one or more member types. Add \"= A | B\" members, or remove it.",
                at: union.location, rule: "UnionMembers")
        }
        var seen: Set<String> = []
        for member in union.members {
            guard seen.insert(member).inserted else {
                context.error(
                    "Union \"\(union.name)\" can only include \"\(member)\" once. Remove the repetition.",
                    at: union.location, rule: "UnionMembers")
                continue
            }
            guard let type = context.schema.type(named: member) else {
                context.error(
                    "Union \"\(union.name)\" includes unknown type \"\(member)\". \(context.unknownTypeHint(member))",
                    at: union.location, rule: "KnownTypeNames")
                continue
            }
            if case .object = type { continue }
            context.error(
                "Union \"\(union.name)\" can only include object types; \"\(member)\" is "
                    + "\(SchemaValidationContext.kindPhrase(type)).",
                at: union.location, rule: "UnionMembers")
        }
    }

    static func checkEnum(_ enumeration: EnumType, _ context: inout SchemaValidationContext) {
        if enumeration.values.isEmpty {
            context.error(
                "Enum \"\(enumeration.name)\" must define one or more values. Add a value, or remove the enum.",
                at: enumeration.location, rule: "EnumValues")
        }
        for value in enumeration.values {
            let coordinate = { "\(enumeration.name).\(value.name)" }
            context.checkName(value.name, of: "enum value \"\(coordinate())\"", at: value.location)
            if ["true", "false", "null"].contains(value.name) {
                context.error(
                    "Enum \"\(enumeration.name)\" cannot have a value named \"\(value.name)\": true, false and null "
                        + "are literals. Rename the value.",
                    at: value.location, rule: "EnumValues")
            }
        }
    }
}
