/// The arguments of an applied `@deprecated` and `@specifiedBy`, read as graphql-js reads them: with the built-in
/// definitions, `@deprecated(reason: String = "No longer supported")` and `@specifiedBy(url: String!)`, whatever the
/// schema declares. graphql-js reads the first `@deprecated` of every field, argument, input field and enum value it
/// builds, and the first `@specifiedBy` of a scalar's definition (not of its extensions); a value the built-in
/// definition does not accept is an error, in every build.
///
/// When the schema uses the built-in definition itself, a strict build reports wrong values with the other applied
/// directives' values (``SchemaValidator``), so only a lenient build, which only warns about those, checks them here.
struct BuiltInDirectiveArguments {
    /// The directives graphql-js reads with their built-in definitions, and the argument it reads.
    static let arguments = ["deprecated": "reason", "specifiedBy": "url"]

    /// Whether the value of the argument `name` of an applied `directive` is checked here rather than with the values
    /// of the other applied directives: in a lenient build, or when the schema declares the directive itself.
    static func checks(_ name: String, of directive: SchemaDirective, isStrict: Bool) -> Bool {
        guard arguments[directive.name] == name else { return false }
        return !isStrict || !BuiltInDefinitions.isBuiltIn(directive)
    }

    let schema: GraphQLSchema
    let isStrict: Bool

    /// The problems of the directives applied in `definitions` (definitions and extensions of built types) and in the
    /// arguments of `directives`.
    func problems(in definitions: [TypeDefinition], directives: [DirectiveDefinition]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for definition in definitions {
            switch definition.kind {
            case .scalar:
                // graphql-js replaces a definition of a built-in scalar by its own, and reads no extension.
                let isRead = !definition.isExtension && !BuiltInDefinitions.scalarNames.contains(definition.name.value)
                found += specifiedByProblems(definition.directives, isRead: isRead)
            case .object(_, let fields), .interface(_, let fields):
                for field in fields {
                    found += deprecatedProblems(field.directives)
                    found += field.arguments.flatMap { deprecatedProblems($0.directives) }
                }
            case .enumeration(let values):
                found += values.flatMap { deprecatedProblems($0.directives) }
            case .inputObject(let fields):
                found += fields.flatMap { deprecatedProblems($0.directives) }
            case .union:
                break
            }
        }
        for directive in directives {
            found += directive.arguments.flatMap { deprecatedProblems($0.directives) }
        }
        return found
    }

    /// Whether the values of the directive `name` are checked here.
    private func checks(_ name: String) -> Bool {
        guard let definition = schema.directive(named: name), let argument = Self.arguments[name] else { return true }
        return Self.checks(argument, of: definition, isStrict: isStrict)
    }

    private func deprecatedProblems(_ directives: [Directive]) -> [Diagnostic] {
        guard let deprecated = directives.first(where: { $0.name.value == "deprecated" }), checks("deprecated"),
            let reason = deprecated.arguments.first(where: { $0.name.value == "reason" })
        else { return [] }
        switch reason.value.kind {
        case .string:
            return []
        case .null:
            guard !isStrict else { return [] }
            return [
                Diagnostic(
                    .warning,
                    "@deprecated(reason: null) does not deprecate anything: graphql-js reads a null reason as not "
                        + "deprecated, and so does this build. Remove the directive or give a reason, or build with "
                        + "--strict to read it as deprecated.",
                    at: [deprecated.location], rule: "BuiltInDirectiveArguments")
            ]
        default:
            return [
                problem(
                    "The reason of @deprecated must be a string, found \(ConstantValueChecker.describe(reason.value)): "
                        + "graphql-js reads @deprecated with its built-in definition, \"@deprecated(reason: String)\", "
                        + "whatever the schema declares. Write the reason as a string.",
                    at: reason.value.location, else: reason.location)
            ]
        }
    }

    /// The problems of the first `@specifiedBy` of a scalar's definition or extension: errors when graphql-js reads it
    /// (`isRead`), else warnings outside a strict build.
    private func specifiedByProblems(_ directives: [Directive], isRead: Bool) -> [Diagnostic] {
        guard let specifiedBy = directives.first(where: { $0.name.value == "specifiedBy" }), checks("specifiedBy"),
            isRead || !isStrict
        else { return [] }
        let url = specifiedBy.arguments.first { $0.name.value == "url" }
        let location: SourceLocation
        let what: String
        switch url?.value.kind {
        case .string?:
            return []
        case nil:
            (location, what) = (specifiedBy.location, "@specifiedBy needs its argument \"url\"")
        case _?:
            let value = url.map { ConstantValueChecker.describe($0.value) } ?? ""
            let place = url.map { SchemaDiagnostics.isKnown($0.value.location) ? $0.value.location : $0.location }
            (location, what) = (
                place ?? specifiedBy.location, "The url of @specifiedBy must be a string, found \(value)"
            )
        }
        guard isRead else {
            return [
                Diagnostic(
                    .warning,
                    "\(what). graphql-js does not read @specifiedBy on an extension or on a built-in scalar, so it "
                        + "builds the schema; give the URL as a string, or build with --strict to make it an error.",
                    at: [location], rule: "BuiltInDirectiveArguments")
            ]
        }
        return [
            problem(
                "\(what): graphql-js reads @specifiedBy with its built-in definition, \"@specifiedBy(url: String!)\", "
                    + "whatever the schema declares. Give the URL of the scalar's specification as a string.",
                at: location, else: specifiedBy.location)
        ]
    }

    private func problem(_ message: String, at location: SourceLocation, else other: SourceLocation) -> Diagnostic {
        Diagnostic(
            .error, message, at: [SchemaDiagnostics.isKnown(location) ? location : other],
            rule: "BuiltInDirectiveArguments")
    }
}
