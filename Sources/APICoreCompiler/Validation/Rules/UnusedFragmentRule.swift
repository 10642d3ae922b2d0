/// NoUnusedFragments (specification 5.5.1.4), when ``ValidationOptions/reportsUnusedFragments`` asks for it: every
/// fragment is used by some operation of the unit, directly or through other fragments.
enum UnusedFragmentRule {
    static func check(_ context: ValidationContext) {
        guard context.options.reportsUnusedFragments else { return }
        var used: Set<String> = []
        for operation in context.operationSummaries {
            for fragment in context.fragmentsUsed(by: operation.summary) {
                used.insert(fragment.fragment.name.value)
            }
        }
        for summary in context.fragmentSummaries where !used.contains(summary.fragment.name.value) {
            context.report(
                "NoUnusedFragments", "Fragment \"\(summary.fragment.name.value)\" is never used.",
                at: [summary.fragment.location])
        }
    }
}
