/// KnownArgumentNames (5.4.1), UniqueArgumentNames (5.4.2) and ProvidedRequiredArguments (5.4.2.1), for fields and
/// directives.
enum ArgumentRules {
    /// Reports an argument its field or directive does not define, with similar names as suggestions.
    static func reportUnknown(_ argument: Argument, of owner: ArgumentOwner, _ context: ValidationContext) {
        let name = argument.name.value
        let suggestion = Suggestions.didYouMean(Suggestions.list(for: name, from: owner.arguments.map(\.name)))
        let subject =
            switch owner {
            case .field(let field, let parentTypeName): "field \"\(parentTypeName).\(field.name)\""
            case .directive(let directive): "directive \"@\(directive.name)\""
            case .fragment(let fragment, _): "fragment \"\(fragment)\""
            }
        context.report(
            "KnownArgumentNames", "Unknown argument \"\(name)\" on \(subject).\(suggestion)", at: [argument.location])
    }

    /// Reports each name given to more than one argument, once, at all of them.
    static func checkUnique(_ arguments: [Argument], _ context: ValidationContext) {
        context.checkUnique(arguments.map(\.name), rule: "UniqueArgumentNames", kind: "argument")
    }

    /// Reports each required argument (non-null, without default) that is not given.
    static func checkRequired(
        _ arguments: [Argument], of owner: ArgumentOwner, at location: SourceLocation, _ context: ValidationContext
    ) {
        for definition in owner.arguments where definition.isRequired {
            guard !arguments.contains(where: { $0.name.value == definition.name }) else { continue }
            let subject =
                switch owner {
                case .field(let field, _): "Field \"\(field.name)\""
                case .directive(let directive): "Directive \"@\(directive.name)\""
                case .fragment(let fragment, _): "Fragment \"\(fragment)\""
                }
            context.report(
                "ProvidedRequiredArguments",
                "\(subject) argument \"\(definition.name)\" of type \"\(definition.type)\" is required, but it was not "
                    + "provided.",
                at: [location])
        }
    }
}
