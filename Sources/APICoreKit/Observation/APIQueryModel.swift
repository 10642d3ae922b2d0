import APICoreGraphQL
import Observation

/// One query's state for a screen: the model a SwiftUI view owns instead of a hand-written watch loop.
///
/// ```swift
/// struct ProfileView: View {
///     @State private var model: APIQueryModel<UserProfileQuery.Data>
///
///     init(client: APIClient, id: String) {
///         _model = State(initialValue: APIQueryModel(UserProfileQuery(id: id), client: client))
///     }
///
///     var body: some View {
///         content
///             .task { await model.follow() }      // follows the watch while the view is on screen
///             .refreshable { await model.refresh() }
///     }
/// }
/// ```
///
/// 1. **No empty first frame.** The initializer reads the cache synchronously: when it holds the query's data (and
///    the policy reads the cache), ``value`` is already set when the view first renders, with ``source`` `.cache`.
/// 2. **Then the watch.** ``follow()`` (from a view's `.task`) or ``start()`` watches the query
///    (``APIClient/watch(_:cachePolicy:options:)``): the network's value on a miss, with ``isLoading`` until it
///    arrives, then every change the cache sees, whoever made it.
/// 3. **State a view shows.** ``value`` is the last value (kept when a later call fails), ``errors`` the GraphQL errors
///    that came with it (partial data), ``failure`` the last failure, cleared by the next value.
/// 4. **Work ends with the view.** Cancelling the task that runs ``follow()`` ends the watch and cancels its request
///    on the wire; a model released while ``start()``'s work runs cancels it too.
///
/// A feature kit that keeps generated types to itself passes `map` and hands its view models an
/// `APIQueryModel<DomainValue>`.
@MainActor
@Observable
public final class APIQueryModel<Value: Sendable> {
    /// The last value received; `nil` before the first.
    public private(set) var value: Value?
    /// The GraphQL errors that came with ``value`` (partial data); empty for complete data.
    public private(set) var errors: [GraphQLError] = []
    /// The last failure, if no value has arrived since.
    public private(set) var failure: APIError?
    /// Whether a value is on its way: the first one from the network, or a refresh.
    public private(set) var isLoading: Bool
    /// Where ``value`` came from.
    public private(set) var source: ResponseMetadata.Source?

    @ObservationIgnored private let feed: APIQueryModelFeed<Value>
    @ObservationIgnored private let work = APIModelWork()
    /// Whether the first value of the watch is the cached one the initializer showed already.
    @ObservationIgnored private var showsCachedValue: Bool
    /// Whether a cached value stands in until the network's arrives (`cacheAndNetwork`).
    @ObservationIgnored private var awaitsNetwork: Bool
    /// The watch followed last: ``refresh()`` goes through it when it takes refetches.
    @ObservationIgnored private var followed: FollowedWatch?

    /// A model of `query`, whose data `map` turns into the value a screen shows.
    ///
    /// - Parameters:
    ///   - query: the query, with its variables.
    ///   - client: the client; with a cache, the cached value shows at once.
    ///   - cachePolicy: how the watch gets its first value (`cacheFirst` by default).
    ///   - options: the watch's options (headers, time limit, error policy).
    ///   - map: the value of the query's data; a thrown error is a ``failure`` with the code `decoding`.
    public convenience init<Query: GraphQLQuery>(
        _ query: Query,
        client: APIClient,
        cachePolicy: CachePolicy = .cacheFirst,
        options: RequestOptions = RequestOptions(),
        map: @escaping @Sendable (Query.Data) throws -> Value
    ) {
        self.init(
            feed: APIQueryModelFeed(query, client: client, cachePolicy: cachePolicy, options: options, map: map),
            cachePolicy: cachePolicy)
    }

    /// A model of `query` whose value is the query's data.
    public convenience init<Query: GraphQLQuery>(
        _ query: Query,
        client: APIClient,
        cachePolicy: CachePolicy = .cacheFirst,
        options: RequestOptions = RequestOptions()
    ) where Value == Query.Data {
        self.init(query, client: client, cachePolicy: cachePolicy, options: options) { $0 }
    }

    /// A model over values from a source of your own instead of a query: a feature kit's repository that hides
    /// which API answers, a REST endpoint, or fixed data for a preview or a test.
    ///
    /// ```swift
    /// APIQueryModel(cachedValue: { repository.cachedUser(id: id) }, values: { repository.observeUser(id: id) }) {
    ///     try await repository.user(id: id)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - cachedValue: the value to show in the first frame, read synchronously; `nil` to start loading.
    ///   - values: the values as they come, read while the model follows them (``follow()`` or ``start()``); a new
    ///     sequence each time it is called. A cached value it delivers first is shown again.
    ///   - refresh: the value fetched anew for ``refresh()``; `nil` when the new value comes through `values`.
    ///
    /// ``source`` stays `nil` for these values (`.cache` for the first frame's). An error the sequence or `refresh`
    /// throws is the ``failure``: an `APIError` as it is, any other error (a kit's own) with the code
    /// `mappingFailed` and the error as its ``APIError/underlying`` error.
    public convenience init<Values: AsyncSequence & Sendable>(
        cachedValue: @escaping @Sendable () -> Value? = { nil },
        values: @escaping @Sendable () -> Values,
        refresh: @escaping @Sendable () async throws -> Value?
    ) where Values.Element == Value {
        self.init(
            feed: APIQueryModelFeed(cachedValue: cachedValue, values: values, refresh: refresh),
            cachePolicy: .cacheFirst)
    }

    /// A model over a feed of values (a query's, a pager's, or the owner's).
    init(feed: APIQueryModelFeed<Value>, cachePolicy: CachePolicy) {
        self.feed = feed
        let cached = feed.cachedValue()
        value = cached?.value
        errors = cached?.errors ?? []
        source = cached == nil ? nil : .cache
        showsCachedValue = cached != nil
        awaitsNetwork = cachePolicy == .cacheAndNetwork || (cached == nil && cachePolicy != .cacheOnly)
        isLoading = awaitsNetwork
    }

    deinit {
        work.cancel()
    }

    /// Follows the query until the calling task is cancelled (a view's `.task`): the watch's values as they come.
    /// Cancelling the task ends the watch and cancels its request.
    public func follow() async {
        let (values, control) = feed.watch()
        let followed = beginFollowing(control)
        defer { endFollowing(followed) }
        for await result in values {
            apply(result)
            followed.processedOne()
        }
    }

    /// Follows the query in work of the model's own, for a model no view task drives; ``stop()`` or releasing the
    /// model ends it. Calling it again while it runs does nothing.
    public func start() {
        guard !work.isRunning else { return }
        let (values, control) = feed.watch()
        let followed = beginFollowing(control)
        work.run(
            Task { [weak self] in
                for await result in values {
                    guard let self else { break }
                    apply(result)
                    followed.processedOne()
                }
                // A model already released has no refresh waiting; its follow ends all the same.
                if let self { endFollowing(followed) } else { followed.end() }
            })
    }

    /// Ends the work ``start()`` started.
    public func stop() {
        work.cancel()
    }

    /// Fetches the query from the network: ``isLoading`` while it runs, then its value, or its failure.
    ///
    /// While the model follows its query's watch, the watch fetches it (``APIQueryWatch/refetch()``) and delivers the
    /// value, so a change another write makes meanwhile is shown after it, never hidden behind it; this returns once
    /// the model shows the value.
    public func refresh() async {
        isLoading = true
        // A watch that ended first (its view gone) delivered nothing: the query is fetched on its own then.
        if let followed, let control = followed.control, let number = await control.refetch(),
            await followed.waitUntilProcessed(number)
        {
            return
        }
        do throws(APIError) {
            if let snapshot = try await feed.refresh() {
                apply(.success(snapshot))
            } else {
                // The new value comes through the watch.
                failure = nil
                isLoading = false
            }
        } catch {
            apply(.failure(error))
        }
    }

    /// Starts following a watch: the one ``refresh()`` goes through from now on.
    private func beginFollowing(_ control: WatchRefetchControl?) -> FollowedWatch {
        let watch = FollowedWatch(control: control)
        followed = watch
        return watch
    }

    /// A follow has ended: refreshes waiting on it return, and it is no longer the one refreshes go through.
    private func endFollowing(_ watch: FollowedWatch) {
        if followed === watch { followed = nil }
        watch.end()
    }

    /// Shows what the cache holds now, when it holds the value: after a change the owner made itself (a page
    /// loaded), which the watch may fold into a change it delivered before a value the model showed directly (a
    /// refresh's), and so never deliver.
    func showCachedValue() {
        guard let snapshot = feed.cachedValue() else { return }
        apply(.success(snapshot))
    }

    /// Whether two values are equal, for values that can say so; any other two are taken as different.
    private static func isSame(_ shown: Value, _ new: Value) -> Bool {
        guard let shown = shown as? any Equatable else { return false }
        return shown.isEqual(to: new)
    }

    /// Shows a value or a failure the watch, a refresh or the owner delivered.
    func apply(_ result: Result<APIQueryModelSnapshot<Value>, APIError>) {
        switch result {
        case .success(let snapshot):
            if showsCachedValue, snapshot.source == .cache {
                showsCachedValue = false
                // The watch's first value is usually the one the initializer read: a second frame of it would only
                // redraw the screen. The cache may have changed in between (a write before the watch began), so it
                // is passed over only when it is provably the same.
                if let value, snapshot.errors.isEmpty, Self.isSame(value, snapshot.value) { return }
            }
            showsCachedValue = false
            value = snapshot.value
            errors = snapshot.errors
            failure = nil
            source = snapshot.source
            if snapshot.source != .cache { awaitsNetwork = false }
            isLoading = awaitsNetwork && snapshot.source == .cache
        case .failure(let error):
            showsCachedValue = false
            awaitsNetwork = false
            failure = error
            isLoading = false
        }
    }
}

/// A watch a model follows: how many of its elements the model has shown, and the refreshes waiting for one. Each
/// follow counts on its own object, so a follow that a later one replaced (a view's task restarted, `stop()` then
/// `start()`) still answers the refreshes that wait on it, and ends them when it ends.
@MainActor
private final class FollowedWatch {
    let control: WatchRefetchControl?
    private var processed = 0
    private var isEnded = false
    private var waiters: [(number: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(control: WatchRefetchControl?) {
        self.control = control
    }

    /// The model has shown another element of the watch.
    func processedOne() {
        processed += 1
        let due = waiters.filter { $0.number <= processed }
        waiters.removeAll { $0.number <= processed }
        for waiter in due { waiter.continuation.resume() }
    }

    /// The follow has ended: every refresh waiting on it returns.
    func end() {
        isEnded = true
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.continuation.resume() }
    }

    /// Returns once the model has shown the watch's element `number` (`true`), or the follow has ended without
    /// (`false`).
    func waitUntilProcessed(_ number: Int) async -> Bool {
        if processed < number, !isEnded {
            await withCheckedContinuation { continuation in
                waiters.append((number, continuation))
            }
        }
        return processed >= number
    }
}

/// A value the model shows, with what came with it.
struct APIQueryModelSnapshot<Value: Sendable>: Sendable {
    var value: Value
    var errors: [GraphQLError]
    /// Where the value came from; `nil` for a value of the owner's source.
    var source: ResponseMetadata.Source?
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
