import Observation

/// Waits for the state of `@Observable` view models rather than for time to pass.
public enum ObservableCondition {
    /// Suspends until `condition` holds, evaluating it again after every change of an observable property it reads.
    ///
    /// The condition must read at least one property of an `@Observable` object that something will change. It is
    /// evaluated on the main actor, where the view models change, so no change is missed between two evaluations.
    @MainActor
    public static func wait(until condition: @escaping @MainActor () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = condition()
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }
}
