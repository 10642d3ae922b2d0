/// KnownTypeNames and FragmentsOnCompositeTypes (specification 5.5.1.2, 5.5.1.3) on the type conditions of fragments
/// and inline fragments.
enum TypeConditionRules {
    /// The type a type condition names when it exists and is composite; reports it otherwise.
    static func compositeType(of condition: Name, fragmentName: String?, _ context: ValidationContext) -> SchemaType? {
        guard let type = KnownTypeNamesRule.resolve(condition, context) else { return nil }
        guard type.isComposite else {
            let subject = fragmentName.map { "Fragment \"\($0)\"" } ?? "Fragment"
            context.report(
                "FragmentsOnCompositeTypes",
                "\(subject) cannot condition on non composite type \"\(condition.value)\".",
                at: [condition.location])
            return nil
        }
        return type
    }
}

/// KnownTypeNames (specification 5.5.1.2, 5.8.2): every type a document names exists in the schema.
enum KnownTypeNamesRule {
    /// The type called `name`; reports it, with suggestions, when there is none.
    static func resolve(_ name: Name, _ context: ValidationContext) -> SchemaType? {
        if let type = context.type(named: name.value) { return type }
        let suggestions = Suggestions.list(for: name.value, from: context.knownTypeNames)
        context.report(
            "KnownTypeNames", "Unknown type \"\(name.value)\"." + Suggestions.didYouMean(suggestions),
            at: [name.location])
        return nil
    }
}
