import ProductKit
import SharedKit
import UserKit

/// What each step of a ``DemoRunner`` run observed, for callers that check the outcome rather than read the text.
public struct DemoSummary: Sendable {
    /// The outcome of the fallback step.
    public struct Fallback: Sendable, Hashable {
        /// The backend that answered while GraphQL failed.
        public var backend: Backend?
        /// The fallbacks the router counted for the profile feature.
        public var count: Int
    }

    /// Step 1: the profile loaded over GraphQL.
    public var graphQLProfile: User?
    /// Step 1: the profile loaded over REST.
    public var restProfile: User?
    /// Step 2: the e-mail addresses the observer saw once the update started, repeats removed.
    public var observedEmails: [String] = []
    /// Step 3: the origins of the lists each load received, one array per load.
    public var productLoads: [[DataOrigin]] = []
    /// Step 4: the prices the subscription delivered, in cents, in order.
    public var priceEvents: [Int64] = []
    /// Step 5: how many products the entity store holds.
    public var storedProductCount = 0
    /// Step 5: the subscribed product's price in the entity store.
    public var storedPrice: Int64?
    /// Step 6: the fallback outcome; `nil` when the step was skipped.
    public var fallback: Fallback?
    /// Step 7: the origins of the lists the offline load received.
    public var offlineOrigins: [DataOrigin] = []
    /// Step 7: the profile the offline observer read from the cache, if it was cached.
    public var offlineProfile: User?
    /// Step 7: the message of the failed network-only load.
    public var networkOnlyFailure: String?
    /// Step 8: the figures of the requests sent while the server was up.
    public var comparison: RequestComparison?
    /// Expectations the run did not meet; empty for a run that showed everything it should.
    public var problems: [String] = []

    /// An empty summary.
    public init() {}
}
