import Foundation
import Testing

@testable import APICoreGraphQL
@testable import APICoreKit

@Suite("The client's one deadline timer")
struct DeadlineTimerTests {
    /// The order in which actions ran, and a way to wait for a number of them.
    final class Firings: Sendable {
        private let fired = Lock<[String]>([])

        func record(_ name: String) { fired.withLock { $0.append(name) } }

        var names: [String] { fired.withLock { $0 } }

        /// Waits until `count` actions have run (polling: the test asserts order, never elapsed time).
        func wait(for count: Int) async throws {
            while names.count < count { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    @Test("actions run in deadline order, whatever order they were scheduled in")
    func deadlineOrder() async throws {
        let timer = DeadlineTimer()
        let firings = Firings()
        for (name, delay) in [("third", 90), ("first", 10), ("second", 50)] {
            _ = timer.schedule(after: .milliseconds(delay)) { firings.record(name) }
        }
        try await firings.wait(for: 3)
        #expect(firings.names == ["first", "second", "third"])
        #expect(timer.pendingCount == 0)
    }

    @Test("a cancelled entry never runs, and cancelling reports whether it had already run")
    func cancelling() async throws {
        let timer = DeadlineTimer()
        let firings = Firings()
        let cancelled = timer.schedule(after: .milliseconds(10)) { firings.record("cancelled") }
        let kept = timer.schedule(after: .milliseconds(40)) { firings.record("kept") }
        #expect(timer.cancel(cancelled))
        try await firings.wait(for: 1)
        #expect(firings.names == ["kept"])
        #expect(!timer.cancel(kept), "an entry that has run cannot be cancelled")
        #expect(!timer.cancel(cancelled), "nor one cancelled before")
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
