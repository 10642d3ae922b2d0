import APICoreGraphQL
import APICoreJSON
import Dispatch

extension Array where Element: Sendable {
    /// `transform` applied to every element, the elements shared out among the machine's cores, the results in the
    /// elements' order: the same array as `map(transform)`, sooner when there are several elements and cores.
    ///
    /// For work that shares nothing mutable: rendering one file of generated code from the compiled operations.
    func concurrentMap<Transformed: Sendable>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        guard count > 1 else { return map(transform) }
        let results = Lock([Transformed?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let transformed = transform(self[index])
            results.withLock { $0[index] = transformed }
        }
        return results.withLock { results in results.map { $0! } }
    }
}
