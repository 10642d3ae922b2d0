/// Counts and reports of a differential run.
struct DifferentialSummary {
    let outcomes: [DifferentialOutcome]
    /// The cases where we disagree without a documented reason.
    let disagreements: [DifferentialOutcome]
    /// The cases where we disagree for a documented reason.
    let documented: [DifferentialOutcome]

    init(_ outcomes: [DifferentialOutcome]) {
        self.outcomes = outcomes
        disagreements = outcomes.filter { !$0.agrees && $0.specDifference == nil }
        documented = outcomes.filter { !$0.agrees && $0.specDifference != nil }
    }

    var variantCount: Int { outcomes.count { $0.oracleCase.source == .variant } }

    /// The summary lines printed by the test.
    var text: String {
        let invalid = outcomes.count { !$0.oracleCase.valid }
        let agreeing = outcomes.count(where: \.agrees)
        let sameRules = outcomes.count { outcome in
            outcome.agrees && Set(outcome.ourRules) == Set(outcome.oracleCase.oracleRules)
        }
        var lines = [
            "Differential validation: \(outcomes.count) cases (\(outcomes.count - variantCount) corpus, "
                + "\(variantCount) variants; graphql-core: \(outcomes.count - invalid) valid, \(invalid) invalid)",
            "  same verdict: \(agreeing); same verdict and the same rules cited: \(sameRules)",
            "  documented specification differences: \(documented.count); disagreements: \(disagreements.count)",
        ]
        let byDifference = Dictionary(grouping: documented) { $0.specDifference?.description ?? "" }
        for (difference, cases) in byDifference.sorted(by: { $0.key < $1.key }) {
            lines.append("    \(cases.count) x \(difference)")
        }
        return lines.joined(separator: "\n")
    }

    /// The first disagreements in detail, then a count by mutation.
    var disagreementReport: String {
        let details = disagreements.prefix(40).map(\.report).joined(separator: "\n")
        let byMutation = Dictionary(grouping: disagreements, by: \.oracleCase.mutation)
            .map { "\($0.key): \($0.value.count)" }.sorted().joined(separator: ", ")
        return "\(details)\nby mutation: \(byMutation)"
    }
}
