/// How a subscription continues after its transport subscribed again (a reconnection), without repeating or losing
/// events: each event has a position in the stream (a sequence number, a cursor), and the subscription can be sent
/// again to start after a given position.
///
/// Events at or before the last delivered position are dropped, so a server that replays never delivers an event
/// twice; the resubscription starts after the last delivered position, so nothing between is lost.
///
/// ```swift
/// let resumption = SubscriptionResumption<TicksSubscription>(
///     position: { $0.ticks.sequence },
///     resumingAfter: { subscription, last in TicksSubscription(after: last, intervalMs: subscription.intervalMs) })
/// for try await event in client.subscribe(TicksSubscription(after: 0), resumption: resumption) { ... }
/// ```
public struct SubscriptionResumption<Subscription: GraphQLSubscription>: Sendable {
    /// The position of an event in the stream; positions grow.
    public var position: @Sendable (Subscription.Data) -> Int
    /// The subscription to send so that the stream starts after `lastPosition`.
    public var resumingAfter: @Sendable (_ original: Subscription, _ lastPosition: Int) -> Subscription

    /// A resumption by position.
    public init(
        position: @escaping @Sendable (Subscription.Data) -> Int,
        resumingAfter: @escaping @Sendable (_ original: Subscription, _ lastPosition: Int) -> Subscription
    ) {
        self.position = position
        self.resumingAfter = resumingAfter
    }
}
