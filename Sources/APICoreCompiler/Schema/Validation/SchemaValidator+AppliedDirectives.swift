/// Directives applied in the schema: known, allowed where they are, not repeated unless repeatable, with known,
/// unique and required arguments of the right types.
extension SchemaValidator {
    static func checkAppliedDirectives(_ context: inout SchemaValidationContext) {
        let schema = context.schema
        checkDirectives(schema.schemaDirectives, on: .schema, of: "the schema", &context)
        for type in schema.types {
            checkAppliedDirectives(of: type, &context)
        }
        for directive in schema.directives {
            for argument in directive.arguments {
                checkDirectives(
                    argument.directives, on: .argumentDefinition,
                    of: "argument \"@\(directive.name)(\(argument.name):)\"", &context)
            }
        }
    }

    /// Checks the directives applied to a type and to its fields, arguments, enum values and input fields.
    static func checkAppliedDirectives(of type: SchemaType, _ context: inout SchemaValidationContext) {
        switch type {
        case .scalar(let scalar):
            checkDirectives(scalar.directives, on: .scalar, of: "scalar \"\(scalar.name)\"", &context)
        case .object(let object):
            checkDirectives(object.directives, on: .object, of: "type \"\(object.name)\"", &context)
            checkFieldDirectives(object.fields, of: object.name, &context)
        case .interface(let interface):
            checkDirectives(interface.directives, on: .interface, of: "interface \"\(interface.name)\"", &context)
            checkFieldDirectives(interface.fields, of: interface.name, &context)
        case .union(let union):
            checkDirectives(union.directives, on: .union, of: "union \"\(union.name)\"", &context)
        case .enumeration(let enumeration):
            checkDirectives(enumeration.directives, on: .enumeration, of: "enum \"\(enumeration.name)\"", &context)
            for value in enumeration.values {
                checkDirectives(
                    value.directives, on: .enumValue, of: "enum value \"\(enumeration.name).\(value.name)\"",
                    &context)
            }
        case .inputObject(let inputObject):
            checkDirectives(
                inputObject.directives, on: .inputObject, of: "input object \"\(inputObject.name)\"", &context)
            for field in inputObject.fields {
                checkDirectives(
                    field.directives, on: .inputFieldDefinition,
                    of: "input field \"\(inputObject.name).\(field.name)\"", &context)
            }
        }
    }

    private static func checkFieldDirectives(
        _ fields: [SchemaField],
        of typeName: String,
        _ context: inout SchemaValidationContext
    ) {
        // By index: a copy of each field and argument would retain every one of their members.
        for index in fields.indices {
            let coordinate = { "\(typeName).\(fields[index].name)" }
            checkDirectives(fields[index].directives, on: .fieldDefinition, of: "field \"\(coordinate())\"", &context)
            let arguments = fields[index].arguments
            for argument in arguments.indices {
                checkDirectives(
                    arguments[argument].directives, on: .argumentDefinition,
                    of: "argument \"\(coordinate())(\(arguments[argument].name):)\"", &context)
            }
        }
    }

    /// Checks the directives applied to one element.
    static func checkDirectives(
        _ directives: [Directive],
        on location: DirectiveLocation,
        of element: @autoclosure () -> String,
        _ context: inout SchemaValidationContext
    ) {
        guard !directives.isEmpty else { return }
        var used: [String: SourceLocation] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.schema.directive(named: name) else {
                let hint =
                    NameSuggestions.didYouMean(name, among: context.schema.directives.map(\.name), prefix: "@")
                    ?? "Declare it with \"directive @\(name) on \(location.rawValue)\", or correct the name."
                context.error(
                    "Unknown directive \"@\(name)\" on \(element()). \(hint)", at: directive.location,
                    rule: "KnownDirectives")
                continue
            }
            if !definition.locations.contains(location) {
                let allowed = DirectiveLocation.allCases.filter(definition.locations.contains).map(\.rawValue)
                context.error(
                    "Directive \"@\(name)\" cannot be used on \(location.rawValue) (\(element())); it is declared on "
                        + "\(allowed.joined(separator: " | ")).",
                    at: directive.location, rule: "KnownDirectives")
            }
            if let earlier = used[name], !definition.isRepeatable {
                context.error(
                    "Directive \"@\(name)\" can only be used once on \(element()): it is not repeatable. Remove one.",
                    at: directive.location, related: [earlier], rule: "UniqueDirectivesPerLocation")
            } else if used[name] == nil {
                used[name] = directive.location
            }
            checkArguments(of: directive, against: definition, &context)
        }
    }

    private static func checkArguments(
        of directive: Directive,
        against definition: SchemaDirective,
        _ context: inout SchemaValidationContext
    ) {
        let name = definition.name
        var given: [String: SourceLocation] = [:]
        for argument in directive.arguments {
            let argumentName = argument.name.value
            if let earlier = given[argumentName] {
                context.error(
                    "Argument \"\(argumentName)\" is given twice to \"@\(name)\". Remove one.",
                    at: argument.location, related: [earlier], rule: "UniqueArgumentNames")
                continue
            }
            given[argumentName] = argument.location
            guard let expected = definition.argument(named: argumentName) else {
                let hint =
                    NameSuggestions.didYouMean(argumentName, among: definition.arguments.map(\.name))
                    ?? (definition.arguments.isEmpty
                        ? "It takes no arguments."
                        : "It takes \(definition.arguments.map { "\"\($0.name)\"" }.joined(separator: ", ")).")
                context.error(
                    "Unknown argument \"\(argumentName)\" on directive \"@\(name)\". \(hint)", at: argument.location,
                    rule: "KnownArgumentNames")
                continue
            }
            checkValue(of: argument, as: expected, of: definition, &context)
        }
        for expected in definition.arguments where expected.isRequired && given[expected.name] == nil {
            context.error(
                "Directive \"@\(name)\" requires argument \"\(expected.name)\" of type \"\(expected.type)\".",
                at: directive.location, rule: "ProvidedRequiredArguments")
        }
    }

    /// Checks the value of an applied directive's argument. graphql-js 16 does not check these values when it builds a
    /// schema (no SDL rule does), so outside a strict build a wrong value is a warning. It does read
    /// `@deprecated(reason:)` and `@specifiedBy(url:)` with their built-in definitions, which
    /// ``BuiltInDirectiveArguments`` checks.
    private static func checkValue(
        of argument: Argument,
        as expected: SchemaInputValue,
        of definition: SchemaDirective,
        _ context: inout SchemaValidationContext
    ) {
        guard context.checksArgumentValues else { return }
        let isStrict = context.source.isStrict
        if BuiltInDirectiveArguments.checks(argument.name.value, of: definition, isStrict: isStrict) { return }
        var checker = ConstantValueChecker(schema: context.schema)
        // Outside a strict build, an input field given twice is an error of its own (`RepeatedInputFields`).
        checker.checksRepeatedFields = isStrict
        guard let problem = checker.firstProblem(argument.value, as: expected.type) else { return }
        context.tolerated(
            "Invalid value for argument \"\(argument.name.value)\" of \"@\(definition.name)\": \(problem)",
            lenientTail: "graphql-js builds the schema without checking it; fix the value, or build with --strict to "
                + "make it an error.",
            at: context.place(argument.value.location, else: argument.location), rule: "ValuesOfCorrectType")
    }
}
