/// The rules on one field: FieldsOnCorrectType (5.3.1), ScalarLeafs (5.3.3) and, for `__schema` and `__type`,
/// MaxIntrospectionDepth.
enum FieldRules {
    static func check(
        _ field: Field, definition: SchemaField?, parentType: SchemaType?, _ context: ValidationContext
    ) {
        if let definition {
            checkLeafs(field, type: definition.type, context)
        } else if let parentType {
            FieldsOnCorrectTypeRule.report(field, on: parentType, context)
        }
        if field.name.value == "__schema" || field.name.value == "__type" {
            MaxIntrospectionDepthRule.check(field, context)
        }
    }

    /// ScalarLeafs: leaf fields have no selection set; others have one.
    private static func checkLeafs(_ field: Field, type: TypeReference, _ context: ValidationContext) {
        guard let namedType = context.namedType(of: type) else { return }
        let name = field.name.value
        if namedType.isLeaf {
            if let selectionSet = field.selectionSet {
                context.report(
                    "ScalarLeafs",
                    "Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.",
                    at: [selectionSet.location])
            }
        } else if field.selectionSet == nil {
            context.report(
                "ScalarLeafs",
                "Field \"\(name)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                at: [field.location])
        }
    }
}
