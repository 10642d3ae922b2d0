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
