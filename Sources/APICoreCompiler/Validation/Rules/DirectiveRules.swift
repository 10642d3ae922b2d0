/// KnownDirectives (5.7.1) and UniqueDirectivesPerLocation (5.7.3).
enum DirectiveRules {
    /// The directive is defined, and allowed where it is used.
    static func checkKnown(
        _ directive: Directive, definition: SchemaDirective?, at location: DirectiveLocation,
        _ context: ValidationContext
    ) {
        let name = directive.name.value
        guard let definition else {
            context.report("KnownDirectives", "Unknown directive \"@\(name)\".", at: [directive.location])
            return
        }
        guard !definition.locations.contains(location) else { return }
        context.report(
            "KnownDirectives", "Directive \"@\(name)\" may not be used on \(location.rawValue).",
            at: [directive.location])
    }

    /// A directive that is not repeatable appears at most once in one list.
    static func checkUnique(_ directives: [Directive], _ context: ValidationContext) {
        guard directives.count > 1 else { return }
        var seen: [String: Directive] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.directive(named: name), !definition.isRepeatable else { continue }
            if let first = seen[name] {
                context.report(
                    "UniqueDirectivesPerLocation", "The directive \"@\(name)\" can only be used once at this location.",
                    at: [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
    }
}
