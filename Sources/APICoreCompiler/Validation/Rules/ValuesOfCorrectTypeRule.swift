/// ValuesOfCorrectType (specification 5.6.1): every literal can be coerced to the type expected where it is written.
/// Custom scalars accept any literal; `@oneOf` input objects take exactly one field, not null. Variables are checked
/// per operation (VariablesInAllowedPosition), not here.
enum ValuesOfCorrectTypeRule {
    static let name = "ValuesOfCorrectType"

    /// `null` is not allowed where a non-null type is expected.
    static func checkNull(_ value: Value, expected: TypeReference?, _ context: ValidationContext) {
        guard let expected, expected.isNonNull else { return }
        context.report(name, "Expected value of type \"\(expected)\", found null.", at: [value.location])
    }

    /// Checks a scalar, enum, list or object literal where `expected` (a leaf type, or a type the literal's kind does
    /// not fit) is expected.
    static func checkLiteral(_ value: Value, expected: TypeReference?, _ context: ValidationContext) {
        guard let expected, let namedType = context.namedType(of: expected) else { return }
        let problem: String?
        switch namedType {
        case .scalar(let scalar):
            problem = scalar.isBuiltIn ? builtInScalarProblem(scalar.name, value) : nil
        case .enumeration(let enumeration):
            problem = enumProblem(enumeration, value)
        default:
            problem = "Expected value of type \"\(expected)\", found \(ValuePrinter.print(value))."
        }
        if let problem {
            context.report(name, problem, at: [value.location])
        }
    }

    /// Checks an object literal of an input object type: required fields given, and for `@oneOf` exactly one field,
    /// not null.
    static func checkObject(_ value: Value, fields: [Argument], type: InputObjectType, _ context: ValidationContext) {
        for definition in type.fields where definition.isRequired {
            guard !fields.contains(where: { $0.name.value == definition.name }) else { continue }
            context.report(
                name,
                "Field \"\(type.name).\(definition.name)\" of required type \"\(definition.type)\" was not provided.",
                at: [value.location])
        }
        guard type.isOneOf else { return }
        let names = Set(fields.map(\.name.value))
        guard names.count == 1, let field = fields.last else {
            context.report(
                name, "OneOf Input Object \"\(type.name)\" must specify exactly one key.", at: [value.location])
            return
        }
        if case .null = field.value.kind {
            context.report(name, "Field \"\(type.name).\(field.name.value)\" must be non-null.", at: [value.location])
        }
    }

    /// Reports an object field its input object type does not define, with similar names as suggestions.
    static func reportUnknownField(_ field: Argument, of type: InputObjectType, _ context: ValidationContext) {
        let suggestions = Suggestions.list(for: field.name.value, from: type.fields.map(\.name))
        context.report(
            name,
            "Field \"\(field.name.value)\" is not defined by type \"\(type.name)\"."
                + Suggestions.didYouMean(suggestions),
            at: [field.location])
    }

    /// What is wrong with a literal of a built-in scalar type, worded as graphql-js's scalars word it.
    private static func builtInScalarProblem(_ scalarName: String, _ value: Value) -> String? {
        let cannotRepresent: String
        switch (scalarName, value.kind) {
        case ("Int", .int(let text)):
            return Int32(text) == nil ? "Int cannot represent non 32-bit signed integer value: \(text)" : nil
        case ("Float", .int), ("Float", .float), ("String", .string), ("Boolean", .boolean), ("ID", .string),
            ("ID", .int):
            return nil
        case ("Int", _): cannotRepresent = "non-integer value"
        case ("Float", _): cannotRepresent = "non numeric value"
        case ("String", _): cannotRepresent = "a non string value"
        case ("Boolean", _): cannotRepresent = "a non boolean value"
        case ("ID", _): cannotRepresent = "a non-string and non-integer value"
        default: return nil
        }
        return "\(scalarName) cannot represent \(cannotRepresent): \(ValuePrinter.print(value))"
    }

    /// What is wrong with a literal where a value of `type` is expected.
    private static func enumProblem(_ type: EnumType, _ value: Value) -> String? {
        if case .enumValue(let valueName) = value.kind, type.hasValue(valueName) { return nil }
        let printed = ValuePrinter.print(value)
        let suggestion = Suggestions.didYouMean(
            "the enum value", Suggestions.list(for: printed, from: type.values.map(\.name)))
        if case .enumValue = value.kind {
            return "Value \"\(printed)\" does not exist in \"\(type.name)\" enum.\(suggestion)"
        }
        return "Enum \"\(type.name)\" cannot represent non-enum value: \(printed).\(suggestion)"
    }
}
