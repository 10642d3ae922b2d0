import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreKit

/// The timer reads the real clock and no other, so no test here depends on how soon it fires: they assert order and
/// causality, and a round whose premise a descheduled thread blurred is run again instead of judged. The time limit
/// turns a timer that never fires into a failure.
@Suite("The client's one deadline timer", .timeLimit(.minutes(10)))
struct DeadlineTimerTests {
    /// The order in which actions ran and when, and a way to wait for a number of them.
    final class Firings: Sendable {
        private let fired = Lock<[(name: String, instant: ContinuousClock.Instant)]>([])

        func record(_ name: String) {
            let now = ContinuousClock.now
            fired.withLock { $0.append((name, now)) }
        }

        var names: [String] { fired.withLock { fired in fired.map { $0.name } } }

        /// When the action `name` ran, `nil` if it has not.
        func instant(of name: String) -> ContinuousClock.Instant? {
            fired.withLock { fired in fired.first(where: { $0.name == name })?.instant }
        }

        /// Waits until `count` actions have run (polling: the test asserts order, never elapsed time).
        func wait(for count: Int) async throws {
            while names.count < count { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// Where an action's deadline lies: the timer adds the delay to its own reading of the clock, taken during the
    /// `schedule` call.
    struct Window {
        let name: String
        let earliest: ContinuousClock.Instant
        let latest: ContinuousClock.Instant
    }

    /// Schedules `name` to run at `target`, and returns where its deadline really lies.
    static func schedule(
        _ name: String, at target: ContinuousClock.Instant, on timer: DeadlineTimer, recordingIn firings: Firings
    ) -> Window {
        let before = ContinuousClock.now
        _ = timer.schedule(after: target - before) { firings.record(name) }
        let after = ContinuousClock.now
        return Window(name: name, earliest: target, latest: target + (after - before))
    }

    @Test("actions run in deadline order, whatever order they were scheduled in")
    func deadlineOrder() async throws {
        // Deadlines 40 ms apart, each known to within its `schedule` call: a round in which a descheduled thread
        // blurred two of them into each other proves nothing and is run again; in any other the order is certain.
        while true {
            let timer = DeadlineTimer()
            let firings = Firings()
            let start = ContinuousClock.now
            var windows: [Window] = []
            for (name, offset) in [("third", 90), ("first", 10), ("second", 50)] {
                windows.append(
                    Self.schedule(name, at: start + .milliseconds(offset), on: timer, recordingIn: firings))
            }
            let byDeadline = windows.sorted { $0.earliest < $1.earliest }
            guard zip(byDeadline, byDeadline.dropFirst()).allSatisfy({ $0.latest < $1.earliest }) else { continue }
            try await firings.wait(for: 3)
            #expect(firings.names == ["first", "second", "third"])
            for window in windows {
                let ran = try #require(firings.instant(of: window.name))
                #expect(ran >= window.earliest, "\(window.name) ran before its deadline")
            }
            #expect(timer.pendingCount == 0)
            return
        }
    }

    @Test("a cancelled entry never runs, and cancelling reports whether it had already run")
    func cancelling() async throws {
        // `cancel` races the entry's deadline on the real clock: a round in which the thread was descheduled past that
        // deadline before cancelling proves nothing and is run again; in any other the entry must never run.
        while true {
            let timer = DeadlineTimer()
            let firings = Firings()
            let start = ContinuousClock.now
            let cancelled = timer.schedule(after: .milliseconds(50)) { firings.record("cancelled") }
            // Due after the cancelled entry however late it is scheduled: by the time it runs, so would that one have.
            let kept = timer.schedule(after: .milliseconds(100)) { firings.record("kept") }
            guard timer.cancel(cancelled) else {
                // It may only have run already because its deadline had passed.
                #expect(ContinuousClock.now >= start + .milliseconds(50), "an entry ran before its deadline")
                continue
            }
            try await firings.wait(for: 1)
            #expect(firings.names == ["kept"])
            let keptRan = try #require(firings.instant(of: "kept"))
            #expect(keptRan >= start + .milliseconds(100), "an entry ran before its deadline")
            #expect(!timer.cancel(kept), "an entry that has run cannot be cancelled")
            #expect(!timer.cancel(cancelled), "nor one cancelled before")
            return
        }
    }

    @Test("a deadline earlier than the one the timer sleeps for still runs first")
    func earlierDeadlineRearms() async throws {
        let timer = DeadlineTimer()
        let firings = Firings()
        // Far enough away that a test run starving the pool for minutes (sanitizer builds do) cannot reach it.
        let late = timer.schedule(after: .seconds(3_600)) { firings.record("late") }
        _ = timer.schedule(after: .milliseconds(10)) { firings.record("early") }
        try await firings.wait(for: 1)
        #expect(firings.names == ["early"])
        #expect(timer.pendingCount == 1)
        #expect(timer.cancel(late))
    }

    @Test("thousands of calls ending in time leave nothing behind, and the timer still fires afterwards")
    func manyCancelledEntries() async throws {
        let timer = DeadlineTimer()
        let firings = Firings()
        for _ in 0..<10_000 {
            let entry = timer.schedule(after: .seconds(60)) { firings.record("never") }
            #expect(timer.cancel(entry))
        }
        #expect(timer.pendingCount == 0)
        _ = timer.schedule(after: .milliseconds(5)) { firings.record("after") }
        try await firings.wait(for: 1)
        #expect(firings.names == ["after"])
    }

    @Test("a call past its time limit fails with a timeout; calls within it are unaffected")
    func clientTimeLimit() async throws {
        // The slow call's transport answers only when cancelled, so however long the pool is starved (other tests
        // of a sanitizer run can hold both threads for a minute), only the time limit can end it.
        let transport = ClosureTransport { request in
            if request.body.map({ String(decoding: $0, as: UTF8.self).contains("slow") }) == true {
                try await Task.sleep(for: .seconds(3_600))
            }
            return ClosureTransport.json(#"{"data":{"a":1}}"#)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
        for _ in 0..<3 {
            _ = try await client.execute(document: "query Fast { a }", as: JSONValue.self)
        }
        await #expect(throws: APIError.self) {
            do {
                _ = try await client.execute(
                    document: "query Slow { slow }", as: JSONValue.self,
                    options: RequestOptions(timeout: .milliseconds(200)))
            } catch let error as APIError {
                #expect(error.code == .timeout)
                throw error
            }
        }
        _ = try await client.execute(document: "query Fast { a }", as: JSONValue.self)
        #expect(client.calls.deadlines.pendingCount == 0)
    }
}
