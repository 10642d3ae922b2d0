import APICoreKit
import APICoreSwiftMetrics
import APICoreTestSupport
import Foundation
import Logging
import MetricsTestKit
import Testing

@testable import APICoreJSON

/// Everything a failing, authenticated request leaves behind (every log line at trace level, every metric label and
/// dimension, the error's description) is searched for the secrets that went into it.
@Suite("Secrets stay out of logs, metrics and error descriptions")
struct SecretLeakTests {
    /// Hands out one token, then a second after the server rejects the first.
    final class RotatingTokens: TokenProvider {
        let refreshes = Lock(0)

        func currentToken() async throws -> String? {
            refreshes.withLock { $0 } == 0 ? "token-SECRET-first" : "token-SECRET-second"
        }

        func refreshToken(rejecting rejectedToken: String?) async throws -> String {
            refreshes.withLock { $0 += 1 }
            return "token-SECRET-second"
        }
    }

    static let secrets = [
        "token-SECRET-first", "token-SECRET-second", "cookie-SECRET", "variable-SECRET", "password-SECRET",
        "server-echo-SECRET", "set-cookie-SECRET",
    ]

    @Test("a GraphQL call rejected once (401), refreshed, then failing (500 quoting its input) leaks nothing")
    func failingAuthenticatedCalls() async throws {
        let log = CapturingLogHandler(level: .trace)
        let metrics = TestMetrics()
        let transport = ClosureTransport { request in
            if request.headers["Authorization"] == "Bearer token-SECRET-first" {
                return ClosureTransport.json(#"{"errors":[{"message":"bad token token-SECRET-first"}]}"#, status: 401)
            }
            var response = ClosureTransport.json(
                #"{"errors":[{"message":"server-echo-SECRET: user variable-SECRET failed","#
                    + #""extensions":{"code":"INTERNAL"}}]}"#, status: 500)
            response.headers["Set-Cookie"] = "session=set-cookie-SECRET"
            return response
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://user:password-SECRET@127.0.0.1:1/graphql")!,
                transport: transport,
                interceptors: [
                    MetricsInterceptor(collector: SwiftMetricsCollector(prefix: "api", factory: metrics)),
                    LoggingInterceptor(logger: Logger(label: "test") { _ in log }),
                    RetryInterceptor(),
                    AuthInterceptor(tokenProvider: RotatingTokens()),
                ],
                headers: ["Cookie": "sid=cookie-SECRET"],
                // Only the call's own outcome counts here, however long a sanitizer run keeps the pool busy.
                timeout: .seconds(600)))

        var descriptions: [String] = []
        do {
            _ = try await client.execute(UserDetailsQuery(id: "variable-SECRET"))
            Issue.record("expected the call to fail")
        } catch {
            descriptions.append(error.description)
            #expect(error.statusCode == 500)
        }
        struct Login: Encodable, Sendable {
            var user = "ada"
            var password = "password-SECRET"
        }
        do {
            _ = try await client.send(RESTCall<EmptyResponse, Login>(.post, "/login", body: Login()))
            Issue.record("expected the call to fail")
        } catch {
            descriptions.append(error.description)
        }

        #expect(transport.requests.count >= 3, "the 401, the retry with the new token, the REST call")
        let labels =
            metrics.counters.map { "\($0.label) \($0.dimensions)" }
            + metrics.timers.map { "\($0.label) \($0.dimensions)" }
            + metrics.recorders.map { "\($0.label) \($0.dimensions)" }
        #expect(!labels.isEmpty)
        #expect(log.text.contains("UserDetails"))
        let everything = [log.text, labels.joined(separator: "\n"), descriptions.joined(separator: "\n")]
        for (place, text) in zip(["log", "metrics", "error descriptions"], everything) {
            for secret in Self.secrets {
                #expect(!text.contains(secret), "\(place) leaks \(secret)")
            }
        }
    }
}
