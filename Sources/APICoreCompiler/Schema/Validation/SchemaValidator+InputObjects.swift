/// Input objects: fields present and of input types, `@oneOf` rules, and a finite value possible.
extension SchemaValidator {
    static func checkInputObject(_ inputObject: InputObjectType, _ context: inout SchemaValidationContext) {
        checkFieldsDefined(
            inputObject.fields, of: inputObject.name, kind: "Input object", at: inputObject.location, &context)
        let isOneOf = inputObject.isOneOf
        for field in inputObject.fields {
            let coordinate = { "\(inputObject.name).\(field.name)" }
            checkInputValue(field, coordinate: coordinate(), noun: "input field", &context)
            guard isOneOf else { continue }
            if case .nonNull = field.type {
                context.error(
                    "Field \"\(coordinate())\" of the OneOf input object \"\(inputObject.name)\" must be nullable. "
                        + "Remove the \"!\".",
                    at: field.location, rule: "OneOfInputObjects")
            }
            if field.defaultValue != nil {
                context.error(
                    "Field \"\(coordinate())\" of the OneOf input object \"\(inputObject.name)\" cannot have a "
                        + "default value. Remove it.",
                    at: field.location, rule: "OneOfInputObjects")
            }
        }
    }

    /// Reports input objects that can have no finite value: a cycle of non-null, non-list fields (once per cycle,
    /// at its first type in definition order), and `@oneOf` types whose every field leads only to such types.
    static func checkInputObjectCycles(_ context: inout SchemaValidationContext) {
        let inputObjects = context.schema.types.compactMap { type -> InputObjectType? in
            if case .inputObject(let inputObject) = type { return inputObject }
            return nil
        }
        var search = NonNullCycleSearch(schema: context.schema)
        for inputObject in inputObjects {
            search.visit(inputObject)
        }
        for cycle in search.cycles {
            context.error(
                "Input object \"\(cycle.typeName)\" cannot have a finite value: it refers to itself through the "
                    + "non-null fields \"\(cycle.path.joined(separator: "."))\". Make one of them nullable or a list.",
                at: cycle.location, rule: "InputObjectCircularReferences")
        }
        let inhabited = InputObjectInhabitation.inhabitedNames(of: inputObjects, in: context.schema)
        for inputObject in inputObjects where inputObject.isOneOf && !inhabited.contains(inputObject.name) {
            context.error(
                "OneOf input object \"\(inputObject.name)\" cannot have a finite value: each of its fields refers to "
                    + "an input object that has none. Add a field of a scalar, enum or list type.",
                at: inputObject.location, rule: "InputObjectCircularReferences")
        }
    }
}
