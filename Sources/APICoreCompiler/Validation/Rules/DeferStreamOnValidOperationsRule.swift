/// DeferStreamDirectiveOnValidOperations (incremental-delivery proposal): subscriptions, and the fragments they use,
/// use `@defer` and `@stream` only when disabled (`if: false`, or a variable that may be false).
enum DeferStreamOnValidOperationsRule {
    static func check(_ operation: OperationSummary, _ context: ValidationContext) {
        guard operation.operation.kind == .subscription else { return }
        let directives =
            operation.summary.incrementalDirectives
            + context.fragmentsUsed(by: operation.summary).flatMap(\.summary.incrementalDirectives)
        for directive in directives where !canBeDisabled(directive) {
            let name = directive.name.value
            let kind = name == "defer" ? "Defer" : "Stream"
            context.report(
                "DeferStreamDirectiveOnValidOperations",
                "\(kind) directive not supported on subscription operations. Disable `@\(name)` by setting the `if` "
                    + "argument to `false`.",
                at: [directive.location])
        }
    }

    /// Whether the directive's `if` argument is `false` or a variable.
    private static func canBeDisabled(_ directive: Directive) -> Bool {
        guard let condition = directive.arguments.first(where: { $0.name.value == "if" }) else { return false }
        switch condition.value.kind {
        case .boolean(let flag): return !flag
        case .variable: return true
        default: return false
        }
    }
}
