import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// The package's lock: what threads change through it adds up, and a closure that throws leaves it unlocked.
@Suite("Lock")
struct LockTests {
    private struct Refusal: Error, Equatable {}

    @Test("eight threads adding through the lock lose no update")
    func concurrentUpdatesAddUp() async throws {
        let total = Lock(0)
        try await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10_000 { total.withLock { $0 += 1 } }
            }
        }
        #expect(total.withLock { $0 } == 80_000)
    }

    @Test("increment hands out every number once, from any number of threads")
    func incrementIsUnique() async throws {
        let counter = Lock<UInt64>(0)
        let handedOut = Lock<[UInt64]>([])
        try await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let mine = (0..<1_000).map { _ in counter.increment() }
                handedOut.withLock { $0 += mine }
            }
        }
        #expect(handedOut.withLock { $0.sorted() } == Array(1...8_000))
    }

    @Test("a closure that throws keeps what it changed, throws its own error and leaves the lock free")
    func throwingClosureUnlocks() {
        let state = Lock([1])
        #expect(throws: Refusal()) {
            try state.withLock { (value) throws(Refusal) in
                value.append(2)
                throw Refusal()
            }
        }
        // Locking again would stop a debug build (or hang) had the throw left the lock held.
        #expect(state.withLock { $0 } == [1, 2])
    }

    @Test("a non-copyable value is changed in place")
    func nonCopyableValue() {
        struct Token: ~Copyable {
            var uses = 0
        }
        let token = Lock(Token())
        token.withLock { $0.uses += 1 }
        #expect(token.withLock { $0.uses } == 1)
    }
}
