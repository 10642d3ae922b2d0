extension DefinitionWalker {
    /// Walks a value where `info.inputType` is expected: checks it (ValuesOfCorrectType, UniqueInputFieldNames) and
    /// records the variables in it with the type expected where each is used.
    func walkValue(_ value: Value, _ info: TypeInfo) {
        switch value.kind {
        case .variable(let name):
            guard info.recordsVariables else { return }
            recordUsage(
                VariableUsage(
                    name: name, location: value.location, expectedType: info.inputType,
                    hasLocationDefault: info.hasDefault, oneOfObject: info.oneOfObject))
        case .null:
            if info.checksValues {
                ValuesOfCorrectTypeRule.checkNull(value, expected: info.inputType, context)
            }
        case .list(let items):
            var inner = info
            inner.hasDefault = false
            inner.oneOfObject = nil
            if let itemType = info.inputType?.listItemType {
                inner.inputType = itemType
            } else {
                // A list where a single value is expected: the list is wrong as a whole.
                if info.checksValues {
                    ValuesOfCorrectTypeRule.checkLiteral(value, expected: info.inputType, context)
                }
                inner.inputType = info.inputType?.nullableType
                inner.checksValues = false
            }
            for item in items {
                walkValue(item, inner)
            }
        case .object(let fields):
            walkObject(value, fields, info)
        default:
            if info.checksValues {
                ValuesOfCorrectTypeRule.checkLiteral(value, expected: info.inputType, context)
            }
        }
    }

    private func walkObject(_ value: Value, _ fields: [Argument], _ info: TypeInfo) {
        UniqueInputFieldNamesRule.check(fields, context)
        var objectType: InputObjectType?
        if let inputType = info.inputType, case .inputObject(let type)? = context.namedType(of: inputType) {
            objectType = type
        }
        var checksValues = info.checksValues
        if checksValues {
            if let objectType {
                ValuesOfCorrectTypeRule.checkObject(value, fields: fields, type: objectType, context)
            } else {
                ValuesOfCorrectTypeRule.checkLiteral(value, expected: info.inputType, context)
                checksValues = false
            }
        }
        // A variable that is the only field of a @oneOf object must not be null; the operations using it tell.
        var oneOfObject: (type: InputObjectType, location: SourceLocation)?
        if checksValues, let objectType, objectType.isOneOf, Set(fields.map(\.name.value)).count == 1 {
            oneOfObject = (objectType, value.location)
        }
        for field in fields {
            let definition = objectType?.field(named: field.name.value)
            if checksValues, let objectType, definition == nil {
                ValuesOfCorrectTypeRule.reportUnknownField(field, of: objectType, context)
            }
            walkValue(
                field.value, info.enteringValue(of: definition, oneOfObject: oneOfObject, checksValues: checksValues))
        }
    }
}
