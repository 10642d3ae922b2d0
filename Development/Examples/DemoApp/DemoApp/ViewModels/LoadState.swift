/// What a screen shows while it loads a value: nothing yet, a spinner, the value, or a message.
public enum LoadState<Value> {
    /// Nothing asked for yet.
    case idle
    /// Waiting for an answer.
    case loading
    /// The answer.
    case loaded(Value)
    /// Why there is no answer, in words a screen can show.
    case failed(message: String)

    /// The loaded value, if any.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// The failure message, if any.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}

extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Equatable where Value: Equatable {}
extension LoadState: Hashable where Value: Hashable {}
