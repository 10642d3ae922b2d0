import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreKit

/// A call is registered for cancellation by name before it can reach the network.
@Suite("Cancellation by name")
struct CancellationByNameTests {
    struct SlowData: Decodable, Sendable {
        var slow: String
    }

    /// Cancels the calls of its name from inside the chain: the moment a call is first seen on its way out.
    final class CancellingInterceptor: APIInterceptor {
        let client = Lock<APIClient?>(nil)
        let seen = Lock<(inFlight: [String], cancelled: Int)>(([], 0))

        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            if let client = client.withLock({ $0 }) {
                let inFlight = client.operationsInFlight
                let cancelled = client.cancel(operationNames: [request.operationName])
                seen.withLock { $0 = (inFlight, cancelled) }
            }
            return try await next(request)
        }
    }

    @Test("a call that has reached an interceptor is in flight under its name, and cancelling it there ends it")
    func registeredBeforeItRuns() async throws {
        let interceptor = CancellingInterceptor()
        // The transport would answer; only the cancellation made in the interceptor stops the call.
        let transport = ClosureTransport { _ in
            try await Task.sleep(for: .seconds(30))
            return ClosureTransport.json(#"{"data":{"slow":"done"}}"#)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "https://api.example.test/graphql")!, transport: transport,
                interceptors: [interceptor]))
        interceptor.client.withLock { $0 = client }

        await #expect {
            _ = try await client.execute(document: "query Slow { slow }", operationName: "Slow", as: SlowData.self)
        } throws: { error in
            (error as? APIError)?.code == .cancelled
        }
        let seen = interceptor.seen.withLock { $0 }
        #expect(seen.inFlight == ["Slow"])
        #expect(seen.cancelled == 1)
        #expect(client.operationsInFlight.isEmpty)
    }
}
