import APICoreGraphQL
import APICoreJSON

/// Runs actions at deadlines with one sleeping task for all of them: the time limits of a client's calls.
///
/// A task per call sleeping until its own deadline would cost a task hop per call, and, because cancelling a
/// `Task.sleep` does not take its wake-up off the global executor's timer list, would keep about 730 bytes per call
/// until the deadline passed, however early the call ended. Here one sleeper waits for the earliest live deadline;
/// calls that end in time only take their entry out. The sleeper is woken early only when a new deadline comes
/// before the one it waits for, and ends when no deadline is left.
///
/// Invariants, under `state`'s lock: every key of `actions` is in `heap`; `heap` may also hold entries whose action
/// has been cancelled or has run (dropped lazily, and rebuilt away when they outnumber the live ones); `armedFor` is
/// the deadline the sleeper waits for, `nil` when no sleeper runs; only the sleeper of the current `generation` acts
/// on what it wakes to (a replaced one may already have woken when it is cancelled).
final class DeadlineTimer: Sendable {
    /// A scheduled action, to cancel with ``cancel(_:)``.
    struct Entry: Sendable {
        fileprivate let id: UInt64
    }

    fileprivate struct Deadline {
        var instant: ContinuousClock.Instant
        var id: UInt64
    }

    fileprivate struct State {
        var heap: [Deadline] = []
        var actions: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        var armedFor: ContinuousClock.Instant?
        var sleeper: Task<Void, Never>?
        var generation: UInt64 = 0
    }

    private let state = Lock(State())

    /// Runs `action` once `delay` has passed, unless the entry is cancelled first. The action runs outside any lock,
    /// on the sleeper's task, and must not block.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Entry {
        let instant = ContinuousClock.now.advanced(by: delay)
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.actions[id] = action
            state.push(Deadline(instant: instant, id: id))
            if let armedFor = state.armedFor, armedFor <= instant { return Entry(id: id) }
            // No sleeper, or one that would wake too late: (re)start it for this deadline.
            state.sleeper?.cancel()
            state.armedFor = instant
            state.generation += 1
            let generation = state.generation
            state.sleeper = Task { [self] in await sleep(until: instant, generation: generation) }
            return Entry(id: id)
        }
    }

    /// Takes the entry's action out before it runs. Returns `false` when it has already run (or was cancelled).
    @discardableResult
    func cancel(_ entry: Entry) -> Bool {
        state.withLock { state in
            guard state.actions.removeValue(forKey: entry.id) != nil else { return false }
            if state.heap.count > 64, state.heap.count > 2 * state.actions.count { state.dropDeadEntries() }
            return true
        }
    }

    /// The number of actions waiting to run.
    var pendingCount: Int { state.withLock { $0.actions.count } }

    /// The sleeper's loop: sleeps until `instant`, runs what is due, then sleeps until the next live deadline.
    private func sleep(until instant: ContinuousClock.Instant, generation: UInt64) async {
        var instant = instant
        while true {
            do {
                try await Task.sleep(until: instant, clock: .continuous)
            } catch {
                return  // replaced by a sleeper for an earlier deadline
            }
            let (due, next) = state.withLock { state -> ([@Sendable () -> Void], ContinuousClock.Instant?) in
                guard state.generation == generation else { return ([], nil) }
                let due = state.popDue(at: .now)
                let next = state.earliestLive()
                state.armedFor = next
                if next == nil { state.sleeper = nil }
                return (due, next)
            }
            for action in due { action() }
            guard let next else { return }
            instant = next
        }
    }
}

extension DeadlineTimer.State {
    /// Adds a deadline to the min-heap.
    fileprivate mutating func push(_ deadline: DeadlineTimer.Deadline) {
        heap.append(deadline)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].instant < heap[parent].instant else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the earliest deadline from the heap.
    fileprivate mutating func popEarliest() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].instant < heap[smallest].instant { smallest = left }
            if right < heap.count, heap[right].instant < heap[smallest].instant { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// Takes out and returns the actions of every deadline at or before `now`.
    fileprivate mutating func popDue(at now: ContinuousClock.Instant) -> [@Sendable () -> Void] {
        var due: [@Sendable () -> Void] = []
        while let first = heap.first, first.instant <= now {
            popEarliest()
            if let action = actions.removeValue(forKey: first.id) { due.append(action) }
        }
        return due
    }

    /// The earliest deadline whose action is still waiting, dropping dead entries at the top of the heap.
    fileprivate mutating func earliestLive() -> ContinuousClock.Instant? {
        while let first = heap.first {
            if actions[first.id] != nil { return first.instant }
            popEarliest()
        }
        return nil
    }

    /// Rebuilds the heap from the live entries only.
    fileprivate mutating func dropDeadEntries() {
        // A sorted array is a valid min-heap.
        heap = heap.filter { actions[$0.id] != nil }.sorted { $0.instant < $1.instant }
    }
}
