/// A disagreement with graphql-core that a real difference in the specification's text explains, documented with
/// the section.
///
/// graphql-core 3.2.8 follows graphql-js 16, which implements the October 2021 specification. Where a later edition
/// or an accepted proposal changed the rules and our validator follows the newer text, the verdicts differ on
/// purpose. Each difference names the section and says exactly which cases it covers; every other disagreement is a
/// bug and fails the test.
struct SpecDifference: Sendable, CustomStringConvertible {
    /// A short name.
    let name: String
    /// The specification section (and edition) that our validator follows here.
    let section: String
    /// Whether the difference explains an outcome where we and graphql-core disagree.
    let explains: @Sendable (DifferentialOutcome) -> Bool

    var description: String { "\(name) (\(section))" }

    /// The documented differences.
    static let all: [SpecDifference] = [operationTypeExistence, subscriptionRootConditions]

    /// A `mutation` or `subscription` against a schema without that root type.
    ///
    /// The September 2025 edition added section 5.2.1.1 "Operation Type Existence": the schema must have a root
    /// operation type for each operation's kind. The October 2021 edition, which graphql-js 16 implements, has no
    /// such rule, so graphql-core accepts the document (its fields are never checked, having no parent type). Our
    /// validator reports it (KnownOperationTypes), as graphql-js 17 does.
    static let operationTypeExistence = SpecDifference(
        name: "operation kind without a root type in the schema",
        section: "September 2025, 5.2.1.1 Operation Type Existence",
        explains: { outcome in
            outcome.oracleCase.valid && !outcome.validationErrors.isEmpty
                && outcome.validationErrors.allSatisfy { $0.rule == "KnownOperationTypes" }
        })

    /// `@skip` or `@include` on a root selection of a subscription.
    ///
    /// The September 2025 edition's section 5.2.4.1 "Single Root Field" collects the root fields with
    /// CollectSubscriptionFields, which requires that no selection carry `@skip` or `@include` (validation cannot know
    /// the variables). The October 2021 edition collects them with CollectFields and empty variables instead: graphql-js
    /// 16 evaluates the directives, so `@skip(if: false)` leaves one field and passes, and `@skip(if: true)` leaves none,
    /// which graphql-js 16 does not report either. Our validator follows the newer text.
    static let subscriptionRootConditions = SpecDifference(
        name: "@skip or @include on a subscription's root selection",
        section: "September 2025, 5.2.4.1 Single Root Field (CollectSubscriptionFields)",
        explains: { outcome in
            outcome.oracleCase.valid && !outcome.validationErrors.isEmpty
                && outcome.validationErrors.allSatisfy { diagnostic in
                    diagnostic.rule == "SingleFieldSubscriptions"
                        && (diagnostic.message.contains("@skip") || diagnostic.message.contains("@include"))
                }
        })

    /// The difference that explains a disagreement, if one does.
    static func explaining(_ outcome: DifferentialOutcome) -> SpecDifference? {
        all.first { $0.explains(outcome) }
    }
}
