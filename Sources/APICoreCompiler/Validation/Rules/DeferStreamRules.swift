/// The rules of the incremental-delivery proposal on one `@defer` or `@stream` directive: DeferStreamDirectiveLabel
/// (labels are static strings, unique across the unit), DeferStreamDirectiveOnRootField (not on the root type of
/// mutations or subscriptions) and StreamDirectiveOnListField (`@stream` only on list fields).
enum DeferStreamRules {
    static func check(
        _ directive: Directive, at location: DirectiveLocation, _ info: TypeInfo, _ context: ValidationContext
    ) {
        let isDefer = directive.name.value == "defer"
        let kind = isDefer ? "Defer" : "Stream"
        checkLabel(directive, kind: kind, context)
        if let parentType = info.parentType {
            let schema = context.schema
            if parentType.name == schema.mutationTypeName {
                context.report(
                    "DeferStreamDirectiveOnRootField",
                    "\(kind) directive cannot be used on root mutation type \"\(parentType.name)\".",
                    at: [directive.location])
            }
            if parentType.name == schema.subscriptionTypeName {
                context.report(
                    "DeferStreamDirectiveOnRootField",
                    "\(kind) directive cannot be used on root subscription type \"\(parentType.name)\".",
                    at: [directive.location])
            }
        }
        if !isDefer, location == .field, let field = info.fieldDefinition, let parentType = info.parentType,
            field.type.listItemType == nil
        {
            context.report(
                "StreamDirectiveOnListField",
                "Stream directive cannot be used on non-list field \"\(field.name)\" on type \"\(parentType.name)\".",
                at: [directive.location])
        }
    }

    private static func checkLabel(_ directive: Directive, kind: String, _ context: ValidationContext) {
        guard let label = directive.arguments.first(where: { $0.name.value == "label" }) else { return }
        guard case .string(let text, _) = label.value.kind else {
            context.report(
                "DeferStreamDirectiveLabel", "\(kind) directive label argument must be a static string.",
                at: [directive.location])
            return
        }
        if let first = context.incrementalLabels[text] {
            context.report(
                "DeferStreamDirectiveLabel", "Defer/Stream directive label argument must be unique.",
                at: [first.location, directive.location])
        } else {
            context.incrementalLabels[text] = directive
        }
    }
}
