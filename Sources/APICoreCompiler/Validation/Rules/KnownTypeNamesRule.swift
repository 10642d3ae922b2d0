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
