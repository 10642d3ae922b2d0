import APICoreGraphQL
import APICoreJSON

extension APIClient {
    /// Starts a subscription over the configured ``APIClientConfiguration/subscriptionTransport`` and decodes each
    /// event into the operation's types.
    ///
    /// The stream yields one response per event, finishes when the server completes the subscription, and throws an
    /// ``APIError`` when it fails (an event with errors and no data is ``APIError/Code/graphQL``). Cancelling the
    /// consuming task, or leaving the loop, ends the subscription on the server. With a `resumption`, a transport
    /// that subscribes again after a reconnection continues after the last event delivered, and never delivers an
    /// event twice. A subscription whose variables hold files (`fileUploads`) fails with
    /// ``APIError/Code/invalidRequest`` before anything is sent: no subscription transport carries files.
    public func subscribe<Subscription: GraphQLSubscription>(
        _ subscription: Subscription,
        resumption: SubscriptionResumption<Subscription>? = nil
    ) -> AsyncThrowingStream<APIResponse<Subscription.Data>, any Error> {
        let name = subscription.__operationName
        guard let transport = configuration.subscriptionTransport else {
            return AsyncThrowingStream {
                throw APIError(.invalidRequest, operationName: name, reason: "no subscription transport is configured")
            }
        }
        // Neither the WebSocket protocols nor a multipart subscription carry files: refused before anything is sent,
        // rather than subscribing with `null` where each file was.
        let files = subscription.fileUploads
        if !files.isEmpty {
            let paths = files.map(\.path).joined(separator: ", ")
            return AsyncThrowingStream {
                throw APIError(
                    .invalidRequest, operationName: name,
                    reason: "a subscription cannot upload files (\(paths)): upload them with a mutation")
            }
        }
        var request = GraphQLSubscriptionRequest(
            operationName: name, document: subscription.__document, variables: subscription.variables,
            errorBehavior: configuration.errorBehavior)
        if let resumption {
            request.resumption = Self.resumePoints(subscription, resumption)
        }
        let events = transport.subscribeToEvents(request)
        let pipeline = GraphQLResultPipeline(
            subscription, errorPolicy: .returnPartialData,
            write: configuration.cache.map { .publish($0) } ?? .none,
            observation: configuration.decodingObservation, delivery: .subscriptionEvent)
        let start = ContinuousClock.now
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in events {
                        continuation.yield(
                            try pipeline.response(event.body, from: GraphQLResultOrigin(event: event), start: start))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: APIError(wrapping: error, operationName: name))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Drops events at or before the last delivered position, and moves the variables past it.
    private static func resumePoints<Subscription: GraphQLSubscription>(
        _ subscription: Subscription,
        _ resumption: SubscriptionResumption<Subscription>
    ) -> @Sendable (GraphQLResponseBody) -> GraphQLSubscriptionResumePoint {
        let lastPosition = Lock<Int?>(nil)
        let variables = subscription.effectiveVariables
        return { body in
            let selections = subscription.__dataSelections
            guard
                let data = try? body.decodeData(Subscription.Data.self, selections: selections, variables: variables)
            else { return GraphQLSubscriptionResumePoint() }
            let position = resumption.position(data)
            let isDuplicate = lastPosition.withLock { last in
                if let last, position <= last { return true }
                last = position
                return false
            }
            if isDuplicate { return GraphQLSubscriptionResumePoint(isDuplicate: true) }
            let next = resumption.resumingAfter(subscription, position)
            return GraphQLSubscriptionResumePoint(variables: next.variables)
        }
    }
}
