/// The successive values of a watched query (``APIClient/watch(_:cachePolicy:options:)``): its value as the policy
/// obtains it first, then a new one from the cache each time the cache's data for the query changes.
///
/// Failures are elements, not the end: a network failure is delivered as a failure and the watch goes on, so a later
/// write (a refetch, a mutation) brings the value back. When a field the query needs is evicted or expires, the watch
/// fetches the query again and delivers the server's value, or the refetch's failure, instead of the miss (see
/// ``RequestOptions/refetchesOnCacheMiss``, which can turn that off so that the miss itself is delivered). Iteration ends when the consuming task is cancelled; the watch then stops observing the cache.
public struct APIQueryWatch<Value: Sendable>: AsyncSequence, Sendable {
    /// A response (value, GraphQL errors, and metadata saying whether it came from the network or the cache), or the
    /// ``APIError`` of a failure, after which the watch goes on.
    public typealias Element = Result<APIResponse<Value>, APIError>

    let stream: AsyncStream<Element>
    /// The way to ask the watch's session for a refetch; `nil` for a watch that ended at once.
    let control: WatchRefetchControl?

    init(stream: AsyncStream<Element>, control: WatchRefetchControl? = nil) {
        self.stream = stream
        self.control = control
    }

    /// Fetches the query from the network now, whatever the watch's cache policy (a pull to refresh), and returns
    /// once the watch has delivered the response, or its failure, as its next element.
    ///
    /// The response's records go to the cache, and the watch measures later changes against its value, as it does
    /// its first network value: so a write that lands while the refetch is on its way, or right after, is delivered
    /// after the refetched value, never hidden behind it. Does nothing for a watch that has ended, or that has no
    /// cache (it delivers its one value and ends).
    public func refetch() async {
        _ = await control?.refetch()
    }

    /// An iterator over the values; the watch keeps observing the cache until the iterating task is cancelled.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        stream.makeAsyncIterator()
    }
}
