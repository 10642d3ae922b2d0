import APICoreGraphQL
import APICoreJSON
import Foundation

/// The calls in flight, by operation name, so that they can be cancelled by name.
final class InFlightRegistry: Sendable {
    private struct Entry {
        let operationName: String
        let cancel: @Sendable () -> Void
    }

    private let entries = Lock<[UInt64: Entry]>([:])
    private let nextID = Lock<UInt64>(0)

    /// Registers a call; returns the key to remove it with.
    func insert(operationName: String, cancel: @escaping @Sendable () -> Void) -> UInt64 {
        let id = nextID.increment()
        entries.withLock { $0[id] = Entry(operationName: operationName, cancel: cancel) }
        return id
    }

    /// Forgets a finished call.
    func remove(_ id: UInt64) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// Cancels every call whose name is in `names` (all calls when `names` is `nil`); returns how many.
    @discardableResult
    func cancel(operationNames names: Set<String>?) -> Int {
        let matching = entries.withLock { entries in
            entries.values.filter { names?.contains($0.operationName) ?? true }.map(\.cancel)
        }
        for cancel in matching { cancel() }
        return matching.count
    }

    /// The names of the calls in flight.
    var operationNames: [String] {
        entries.withLock { $0.values.map(\.operationName) }
    }
}
