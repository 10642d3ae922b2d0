/// NoFragmentCycles (specification 5.5.2.2): no fragment spreads itself, directly or through other fragments. Each
/// cycle is reported once, at the spreads that form it.
enum FragmentCycleRule {
    static func check(_ context: ValidationContext) {
        var visited: Set<String> = []
        var path: [FragmentSpread] = []
        var positionInPath: [String: Int] = [:]

        func visit(_ name: String, _ summary: DefinitionSummary) {
            guard visited.insert(name).inserted else { return }
            positionInPath[name] = path.count
            for spread in summary.fragmentSpreads {
                let target = spread.name.value
                path.append(spread)
                if let start = positionInPath[target] {
                    let cycle = path[start...]
                    let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                    context.report(
                        "NoFragmentCycles",
                        "Cannot spread fragment \"\(target)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                        at: cycle.map(\.location))
                } else if let fragment = context.fragmentSummary(named: target) {
                    visit(target, fragment.summary)
                }
                path.removeLast()
            }
            positionInPath[name] = nil
        }

        for fragment in context.fragmentSummaries {
            visit(fragment.fragment.name.value, fragment.summary)
        }
    }
}
