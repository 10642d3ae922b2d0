/// The pairs of fragments already compared for conflicts, and whether they were compared as mutually exclusive
/// (parents that can never apply together, which checks less), so that no pair is compared twice.
struct FragmentPairSet {
    private struct Pair: Hashable {
        let first: String
        let second: String

        init(_ a: String, _ b: String) {
            (first, second) = a < b ? (a, b) : (b, a)
        }
    }

    private var pairs: [Pair: Bool] = [:]

    /// Whether the pair was compared in a way that covers a comparison with `mutuallyExclusive`: a comparison as not
    /// exclusive covers both.
    func contains(_ a: String, _ b: String, mutuallyExclusive: Bool) -> Bool {
        guard let comparedAsExclusive = pairs[Pair(a, b)] else { return false }
        return mutuallyExclusive || !comparedAsExclusive
    }

    mutating func insert(_ a: String, _ b: String, mutuallyExclusive: Bool) {
        pairs[Pair(a, b)] = mutuallyExclusive
    }
}
