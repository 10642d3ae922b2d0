/// How ``DocumentValidator`` validates.
public struct ValidationOptions: Sendable {
    /// Fragments no operation uses are allowed by default (each becomes a standalone type, as Apollo compiles them);
    /// set true to report them (rule NoUnusedFragments).
    public var reportsUnusedFragments: Bool = false
    /// Validation stops once this many errors are found, and adds one more error saying so.
    public var maximumErrors: Int = 100

    /// Options; the defaults allow unused fragments and stop after 100 errors.
    public init(reportsUnusedFragments: Bool = false, maximumErrors: Int = 100) {
        self.reportsUnusedFragments = reportsUnusedFragments
        self.maximumErrors = maximumErrors
    }
}
