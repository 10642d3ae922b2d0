import APICoreKit
import DemoApp
import DemoServerKit
import Foundation
import ProductKit
import SharedKit
import Testing
import UserKit

@MainActor
@Suite("The demo against a live demo server")
struct DemoRunnerTests {
    static let headings = (1...10).map { "== \($0)." }

    /// Runs the demo against a fresh server, handing the runner the server's controls (fallback switch, stopping)
    /// or not, as with `--endpoint`; returns what it printed and the server's data as the run left it.
    static func runDemo(
        controllingTheServer: Bool
    ) async throws -> (DemoSummary, CapturedOutput, DemoStore) {
        let server = try await TestDemoServer.start()
        let output = CapturedOutput()
        do {
            let runner = DemoRunner(
                configuration: try server.configuration(), server: controllingTheServer ? server : nil,
                output: output.write)
            let summary = try await runner.run()
            await server.tearDown()
            return (summary, output, server.server.store)
        } catch {
            await server.tearDown()
            throw error
        }
    }

    @Test("Every step shows its outcome with the in-process server", .timeLimit(.minutes(10)))
    func inProcessRun() async throws {
        let (summary, output, store) = try await Self.runDemo(controllingTheServer: true)

        #expect(summary.problems == [])
        // 1. The same user over both backends.
        let seed = try #require(DemoStore.seedUsers.first { $0.id == DemoRunner.userID })
        #expect(summary.graphQLProfile?.name == seed.name)
        #expect(summary.graphQLProfile?.email == seed.email)
        #expect(summary.graphQLProfile == summary.restProfile)
        #expect(output.index(of: "the two domain values are equal: yes") != nil)
        // 2. The optimistic value as typed, then the server's lowercased one.
        let serverEmail = DemoRunner.typedEmail.lowercased()
        #expect(summary.observedEmails == [DemoRunner.typedEmail, serverEmail])
        let optimistic = output.index(of: "observer: \(DemoRunner.typedEmail) (optimistic, as typed)")
        let confirmed = output.index(of: "observer: \(serverEmail) (the server's, lowercased)")
        #expect(optimistic != nil && confirmed != nil && optimistic! < confirmed!)
        #expect(store.user(id: DemoRunner.userID)?.email == serverEmail)
        // 3. The avatar arrived whole, and the progress rose to its size without going back.
        let avatar = try #require(summary.avatar)
        let stored = try #require(store.user(id: DemoRunner.userID)?.avatar)
        #expect(avatar.byteCount == DemoRunner.avatarByteCount && stored.byteCount == DemoRunner.avatarByteCount)
        #expect(
            avatar.sha256 == GraphQLSHA256.hexDigest(of: DemoRunner.avatarBytes()) && stored.sha256 == avatar.sha256)
        #expect(stored.fileName == "avatar.png" && stored.contentType == "image/png")
        #expect(summary.avatarProgress.last == DemoRunner.avatarByteCount)
        #expect(summary.avatarProgress == summary.avatarProgress.sorted())
        #expect(output.index(of: "its SHA-256 is the file's: yes") != nil)
        // 4. Network, then cache, then cache followed by network.
        #expect(summary.productLoads == [[.network], [.cache], [.cache, .network]])
        // 5. Pages of 3 of the 4 products: 3, 4; a refresh starts over at 3; a page more is 4 again. One request per
        // page, none for the load past the end.
        let all = DemoStore.seedProducts.count
        #expect(summary.catalogueCounts == [DemoRunner.cataloguePageSize, all, DemoRunner.cataloguePageSize, all])
        #expect(summary.catalogueRequests == 4)
        #expect(output.index(of: "a page more at the end: nothing to load, nothing sent") != nil)
        // 6. Three events, in order.
        #expect(summary.priceEvents == DemoRunner.newPrices)
        #expect(output.lines.filter { $0.hasPrefix("event ") }.count == 3)
        // 7. The entity store holds every product, at the last price received.
        #expect(summary.storedProductCount == DemoStore.seedProducts.count)
        #expect(summary.storedPrice == DemoRunner.newPrices.last)
        // 8. REST answered while GraphQL failed, and the router counted one fallback.
        #expect(summary.fallback?.backend == .rest)
        #expect(summary.fallback?.count == 1)
        // 9. Offline: the list, the profile and every catalogue page from the SQLite cache; a network-only load fails
        // with a message.
        #expect(summary.offlineOrigins == [.cache])
        #expect(summary.offlineProfile?.email == serverEmail)
        #expect(summary.offlineCatalogueCount == DemoStore.seedProducts.count)
        #expect(summary.networkOnlyFailure?.isEmpty == false)
        #expect(output.index(startingWith: "network-only products: failed: ") != nil)
        // 10. Both kinds in the table.
        let comparison = try #require(summary.comparison)
        #expect((comparison.row("GraphQL")?.count ?? 0) > 0)
        #expect((comparison.row("REST")?.count ?? 0) > 0)
        for heading in Self.headings {
            #expect(output.index(startingWith: heading) != nil, "missing \(heading)")
        }
    }

    @Test(
        "Against an external endpoint the fallback is skipped and offline means nothing listens",
        .timeLimit(.minutes(10)))
    func externalRun() async throws {
        let (summary, output, _) = try await Self.runDemo(controllingTheServer: false)

        #expect(summary.problems == [])
        #expect(summary.priceEvents == DemoRunner.newPrices)
        #expect(summary.fallback == nil)
        #expect(output.index(startingWith: "skipped: ") != nil)
        #expect(summary.offlineOrigins == [.cache])
        #expect(summary.offlineCatalogueCount == DemoStore.seedProducts.count)
        #expect(summary.networkOnlyFailure?.isEmpty == false)
        for heading in Self.headings {
            #expect(output.index(startingWith: heading) != nil, "missing \(heading)")
        }
    }
}
