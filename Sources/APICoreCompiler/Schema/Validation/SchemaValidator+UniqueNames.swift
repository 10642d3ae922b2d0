/// Names defined twice: types, directives, fields, arguments, enum values and input fields.
extension SchemaValidator {
    static func checkUniqueNames(_ context: inout SchemaValidationContext) {
        reportDuplicates(
            context.schema.types, name: \.name, location: \.location, rule: "UniqueTypeNames", &context
        ) { "There can be only one type named \"\($0)\"." }
        reportDuplicates(
            context.schema.directives, name: \.name, location: \.location, rule: "UniqueDirectiveNames", &context
        ) { "There can be only one directive named \"@\($0)\"." }
        for directive in context.schema.directives {
            reportDuplicates(
                directive.arguments, name: \.name, location: \.location, rule: "UniqueArgumentDefinitionNames",
                &context
            ) { "Argument \"@\(directive.name)(\($0):)\" can only be defined once." }
        }
        for type in context.schema.types {
            checkUniqueMemberNames(of: type, &context)
        }
    }

    /// Reports fields, arguments, enum values and input fields defined twice in one type.
    static func checkUniqueMemberNames(of type: SchemaType, _ context: inout SchemaValidationContext) {
        switch type {
        case .object, .interface:
            checkUniqueFieldNames(of: type.name, type.fields, &context)
        case .enumeration(let enumeration):
            reportDuplicates(
                enumeration.values, name: \.name, location: \.location, rule: "UniqueEnumValueNames", &context
            ) { "Enum value \"\(enumeration.name).\($0)\" can only be defined once." }
        case .inputObject(let inputObject):
            reportDuplicates(
                inputObject.fields, name: \.name, location: \.location, rule: "UniqueFieldDefinitionNames", &context
            ) { "Field \"\(inputObject.name).\($0)\" can only be defined once." }
        case .scalar, .union:
            break
        }
    }

    private static func checkUniqueFieldNames(
        of typeName: String,
        _ fields: [SchemaField],
        _ context: inout SchemaValidationContext
    ) {
        reportDuplicates(fields, name: \.name, location: \.location, rule: "UniqueFieldDefinitionNames", &context) {
            "Field \"\(typeName).\($0)\" can only be defined once."
        }
        for field in fields {
            reportDuplicates(
                field.arguments, name: \.name, location: \.location, rule: "UniqueArgumentDefinitionNames", &context
            ) { "Argument \"\(typeName).\(field.name)(\($0):)\" can only be defined once." }
        }
    }

    /// Reports every element whose name an earlier element already has: at the later one, the first as related.
    static func reportDuplicates<Element>(
        _ elements: [Element],
        name: (Element) -> String,
        location: (Element) -> SourceLocation,
        rule: String,
        _ context: inout SchemaValidationContext,
        message: (String) -> String
    ) {
        guard elements.count > 1 else { return }
        // A few elements are compared with those before them, which costs less than hashing their names.
        if elements.count <= 8 {
            for (position, element) in elements.enumerated() {
                let elementName = name(element)
                if let earlier = elements[..<position].first(where: { name($0) == elementName }) {
                    context.error(message(elementName), at: location(element), related: [location(earlier)], rule: rule)
                }
            }
            return
        }
        var first: [String: SourceLocation] = [:]
        first.reserveCapacity(elements.count)
        for element in elements {
            let elementName = name(element)
            if let earlier = first[elementName] {
                context.error(message(elementName), at: location(element), related: [earlier], rule: rule)
            } else {
                first[elementName] = location(element)
            }
        }
    }
}
