/// Writes streamed results (subscription events, incremental `@defer` responses) to the client's normalized cache:
/// each result is normalized in the same pass that decodes it, and its records are published once it decoded, so
/// watchers see every event.
struct CacheDecodingObservation: GraphQLDecodingObservation {
    let store: CacheStore

    func observer(for result: GraphQLResultDescription) -> (any GraphQLDecodingObserver)? {
        store.normalizer(rootKey: .root(of: result.operationType), variables: result.variables)
    }

    func didDecode(_ result: GraphQLResultDescription, observer: any GraphQLDecodingObserver, succeeded: Bool) {
        guard succeeded, let normalizer = observer as? ResponseNormalizer else { return }
        // A failed write loses nothing the caller sees: the event itself is still delivered.
        try? store.publish(normalizer.records)
    }
}

extension APIClientConfiguration {
    /// The observation streamed results are decoded with: the configured one, else the cache's.
    var effectiveDecodingObservation: (any GraphQLDecodingObservation)? {
        decodingObservation ?? cache.map { CacheDecodingObservation(store: $0) }
    }
}
