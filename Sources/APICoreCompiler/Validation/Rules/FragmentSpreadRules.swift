/// KnownFragmentNames (5.5.2.1) and PossibleFragmentSpreads (5.5.2.3) on fragment spreads and inline fragments.
enum FragmentSpreadRules {
    /// Checks a named spread: the fragment exists and its type can overlap the type it is spread in.
    static func check(_ spread: FragmentSpread, parentType: SchemaType?, _ context: ValidationContext) {
        let name = spread.name.value
        guard let (fragment, _) = context.fragments[name] else {
            context.report("KnownFragmentNames", "Unknown fragment \"\(name)\".", at: [spread.name.location])
            return
        }
        guard let parentType, let fragmentType = context.type(named: fragment.typeCondition.value),
            fragmentType.isComposite, !context.schema.typesOverlap(fragmentType, parentType)
        else { return }
        context.report(
            "PossibleFragmentSpreads",
            "Fragment \"\(name)\" cannot be spread here as objects of type \"\(parentType.name)\" can never be of "
                + "type \"\(fragmentType.name)\".",
            at: [spread.location])
    }

    /// Checks an inline fragment with a type condition: its type can overlap the type it is in.
    static func check(
        _ fragment: InlineFragment, type: SchemaType?, parentType: SchemaType?, _ context: ValidationContext
    ) {
        guard let type, let parentType, !context.schema.typesOverlap(type, parentType) else { return }
        context.report(
            "PossibleFragmentSpreads",
            "Fragment cannot be spread here as objects of type \"\(parentType.name)\" can never be of type "
                + "\"\(type.name)\".",
            at: [fragment.location])
    }
}
