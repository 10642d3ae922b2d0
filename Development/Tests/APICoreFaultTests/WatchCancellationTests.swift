import APICoreKit
import APICoreTestSupport
import Foundation
import StarWarsFixture
import Testing

/// A watch's consumer that goes away (a screen closed while its query loads) takes the watch's network work with it:
/// the request is cancelled on the wire, not left to run to its time limit (what Apollo iOS issue 3657 reports).
@Suite("Watch cancellation", .timeLimit(.minutes(10)))
struct WatchCancellationTests {
    @Test(
        "cancelling the consumer of a watch waiting for the network closes the request's connection",
        arguments: TestTransport.allCases)
    func cancellingTheConsumerStopsTheRequest(transport: TestTransport) async throws {
        try await FaultServer.with([.silence]) { server in
            let harness = FaultHarness(server: server, transport: transport)
            // A miss, so the watch's first value comes from the network, which never answers.
            let watch = harness.client.watch(HeroAndFriendsNamesWithIDsQuery(), cachePolicy: .cacheFirst)
            let consumer = Task {
                var count = 0
                for await _ in watch { count += 1 }
                return count
            }
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            consumer.cancel()
            // A request that went on after its watch's consumer had gone would keep this waiting until the time limit.
            await harness.waitUntilAbandoned()
            #expect(await consumer.value == 0)
        }
    }
}
