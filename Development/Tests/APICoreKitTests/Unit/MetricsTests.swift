import APICoreKit
import APICoreSwiftMetrics
import APICoreTestSupport
import Foundation
import MetricsTestKit
import Testing

@testable import APICoreJSON

@Suite("Metrics")
struct MetricsTests {
    @Test("the metrics interceptor records duration, bytes, status and failures per operation")
    func interceptorRecords() async throws {
        let collector = RecordingCollector()
        let transport = ClosureTransport { request in
            if request.url.path.hasSuffix("down") { throw URLError(.cannotConnectToHost) }
            return ClosureTransport.json(#"{"data":{"user":null}}"#)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [MetricsInterceptor(collector: collector)]))
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        _ = try? await client.send(RESTCall<EmptyResponse, EmptyBody>(.get, "down"))
        let records = collector.all
        #expect(records.count == 2)
        #expect(records[0].operationName == "UserDetails")
        #expect(records[0].statusCode == 200)
        #expect(records[0].responseBytes == 22)
        #expect(records[0].requestBytes > 0)
        #expect(records[0].errorCode == nil)
        #expect(records[0].isCacheHit == false)
        #expect(records[1].operationName == "GET down")
        #expect(records[1].errorCode == .network)
    }

    @Test("calls the cache answers are counted as cache hits: cacheFirst, cacheOnly, networkFirst's fallback, a watch")
    func cacheHitsAreCounted() async throws {
        let collector = RecordingCollector()
        let online = Lock(true)
        let transport = ClosureTransport { _ in
            guard online.withLock({ $0 }) else { throw URLError(.notConnectedToInternet) }
            return ClosureTransport.json(ProductBodies.product)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [MetricsInterceptor(collector: collector)], cache: CacheStore()))
        let query = ProductQuery(id: "1")
        _ = try await client.execute(query, options: RequestOptions(cachePolicy: .cacheFirst))
        _ = try await client.execute(query, options: RequestOptions(cachePolicy: .cacheFirst))
        _ = try await client.execute(query, options: RequestOptions(cachePolicy: .cacheOnly))
        online.withLock { $0 = false }
        let fallback = try await client.execute(query, options: RequestOptions(cachePolicy: .networkFirst))
        #expect(fallback.metadata.source == .cache)
        var watch = client.watch(query, cachePolicy: .cacheFirst).makeAsyncIterator()
        _ = try await watch.next()?.get()
        let records = collector.all
        // The first call and networkFirst's failed attempt went to the network; the other four are cache hits.
        #expect(records.map(\.isCacheHit) == [false, true, true, false, true, true])
        #expect(records.filter(\.isCacheHit).allSatisfy { $0.operationName == "Product" && $0.statusCode == nil })
        #expect(records[3].errorCode == .network)
    }

    @Test("the swift-metrics adapter reports timers, counters and recorders with dimensions")
    func swiftMetricsAdapter() throws {
        let metrics = TestMetrics()
        let collector = SwiftMetricsCollector(prefix: "api", factory: metrics)
        collector.record(
            RequestMetrics(
                operationName: "UserDetails", kind: .graphQL(.query), duration: .milliseconds(12), requestBytes: 100,
                responseBytes: 2048, statusCode: 200, isCacheHit: false, errorCode: nil))
        collector.record(
            RequestMetrics(
                operationName: "UserDetails", kind: .graphQL(.query), duration: .milliseconds(5), requestBytes: 100,
                responseBytes: 0, statusCode: 503, isCacheHit: false, errorCode: .httpStatus))
        let ok = [("operation", "UserDetails"), ("kind", "graphql"), ("status", "200")]
        let timer = try metrics.expectTimer("api.duration", ok)
        #expect(timer.lastValue == 12_000_000)
        #expect(try metrics.expectCounter("api.requests", ok).totalValue == 1)
        #expect(try metrics.expectRecorder("api.response_bytes", ok).lastValue == 2048)
        let failed = [("operation", "UserDetails"), ("kind", "graphql"), ("status", "503"), ("error", "httpStatus")]
        #expect(try metrics.expectCounter("api.failures", failed).totalValue == 1)
    }
}
