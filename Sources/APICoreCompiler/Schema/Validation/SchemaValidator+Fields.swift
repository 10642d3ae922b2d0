/// Fields of objects and interfaces, arguments and input fields: names, types of the right kind, deprecations and
/// default values.
extension SchemaValidator {
    static func checkFields(
        _ fields: [SchemaField],
        of typeName: String,
        kind: String,
        at location: SourceLocation,
        _ context: inout SchemaValidationContext
    ) {
        checkFieldsDefined(fields, of: typeName, kind: kind, at: location, &context)
        // By index: a copy of each field would retain every one of its members.
        for index in fields.indices {
            let name = fields[index].name
            let location = fields[index].location
            let coordinate = { "\(typeName).\(name)" }
            context.checkName(name, of: "field \"\(coordinate())\"", at: location)
            if let type = context.resolve(fields[index].type, of: "field \"\(coordinate())\"", at: location),
                !type.isOutputType
            {
                context.error(
                    "The type of field \"\(coordinate())\" must be an output type; \"\(type.name)\" is an input object. "
                        + "Use an object, interface, union, enum or scalar type.",
                    at: context.place(fields[index].type.namedType.location, else: location), rule: "OutputTypes")
            }
            let arguments = fields[index].arguments
            for argument in arguments.indices {
                checkInputValue(
                    arguments[argument], coordinate: "\(coordinate())(\(arguments[argument].name):)", noun: "argument",
                    &context)
            }
        }
    }

    /// FieldsDefined: an object, interface or input object defines at least one field. `kind` starts the message:
    /// "Object type", "Interface", "Input object".
    static func checkFieldsDefined(
        _ fields: some Collection,
        of typeName: String,
        kind: String,
        at location: SourceLocation,
        _ context: inout SchemaValidationContext
    ) {
        guard fields.isEmpty else { return }
        context.error(
            "\(kind) \"\(typeName)\" must define one or more fields. Add a field, or remove the type.", at: location,
            rule: "FieldsDefined")
    }

    /// Checks an argument or input field: its name, that its type is an input type, that it is not both required
    /// and deprecated, and that its default value fits its type.
    static func checkInputValue(
        _ value: SchemaInputValue,
        coordinate: @autoclosure () -> String,
        noun: String,
        _ context: inout SchemaValidationContext
    ) {
        context.checkName(value.name, of: "\(noun) \"\(coordinate())\"", at: value.location)
        guard let type = context.resolve(value.type, of: "\(noun) \"\(coordinate())\"", at: value.location) else {
            return
        }
        guard type.isInputType else {
            context.error(
                "The type of \(noun) \"\(coordinate())\" must be an input type (a scalar, an enum or an input "
                    + "object); \"\(type.name)\" is \(SchemaValidationContext.kindPhrase(type)).",
                at: context.place(value.type.namedType.location, else: value.location), rule: "InputTypes")
            return
        }
        if value.isRequired, value.deprecationReason != nil {
            context.error(
                "Required \(noun) \"\(coordinate())\" cannot be deprecated: callers must still give it. Make it "
                    + "nullable or give it a default value, or remove @deprecated.",
                at: value.location, rule: "RequiredInputDeprecation")
        }
        var checker = ConstantValueChecker(schema: context.schema)
        // Outside a strict build, an input field given twice in SDL is an error of its own (`RepeatedInputFields`).
        checker.checksRepeatedFields = context.source.isStrict
        if let defaultValue = value.defaultValue, let problem = checker.firstProblem(defaultValue, as: value.type) {
            context.error(
                "Default value of \(noun) \"\(coordinate())\" is invalid: \(problem)", at: value.location,
                rule: "DefaultValuesOfCorrectType")
        }
    }
}
