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
    /// Step 3: the avatar as the server stored it.
    public var avatar: Avatar?
    /// Step 3: the bytes sent at each progress event, in order.
    public var avatarProgress: [Int] = []
    /// Step 4: the origins of the lists each load received, one array per load.
    public var productLoads: [[DataOrigin]] = []
    /// Step 5: how many products the catalogue screen showed after each action: the first page, a page more, a
    /// refresh, a page more.
    public var catalogueCounts: [Int] = []
    /// Step 5: the GraphQL requests the catalogue sent for its actions (a load past the end sends none).
    public var catalogueRequests = 0
    /// Step 6: the prices the subscription delivered, in cents, in order.
    public var priceEvents: [Int64] = []
    /// Step 7: how many products the entity store holds.
    public var storedProductCount = 0
    /// Step 7: the subscribed product's price in the entity store.
    public var storedPrice: Int64?
    /// Step 8: the fallback outcome; `nil` when the step was skipped.
    public var fallback: Fallback?
    /// Step 9: the origins of the lists the offline load received.
    public var offlineOrigins: [DataOrigin] = []
    /// Step 9: the profile the offline observer read from the cache, if it was cached.
    public var offlineProfile: User?
    /// Step 9: how many products the catalogue screen showed from the cache.
    public var offlineCatalogueCount: Int?
    /// Step 9: the message of the failed network-only load.
    public var networkOnlyFailure: String?
    /// Step 10: the figures of the requests sent while the server was up.
    public var comparison: RequestComparison?
    /// Expectations the run did not meet; empty for a run that showed everything it should.
    public var problems: [String] = []

    /// An empty summary.
    public init() {}
}
