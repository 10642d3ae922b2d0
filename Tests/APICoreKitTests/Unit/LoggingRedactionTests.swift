import APICoreTestSupport
import Foundation
import Logging
import Synchronization
import Testing

@testable import APICoreKit

/// A swift-log handler that keeps every rendered message and its metadata.
final class CapturingLogHandler: LogHandler, Sendable {
    let lines = Mutex<[String]>([])
    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        let rendered = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        lines.withLock { $0.append("\(event.level) \(event.message) \(rendered.joined(separator: " "))") }
    }

    var text: String { lines.withLock { $0.joined(separator: "\n") } }
}

@Suite("Logging redacts secrets")
struct LoggingRedactionTests {
    @Test("tokens, cookies, API keys and variables never reach the log, whether POST or GET")
    func redaction() async throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in handler }
        let transport = ClosureTransport { _ in
            var response = ClosureTransport.json(#"{"data":{"user":null}}"#)
            response.headers["Set-Cookie"] = "session=cookie-secret-456"
            return response
        }
        for usesGET in [false, true] {
            let client = APIClient(
                configuration: APIClientConfiguration(
                    graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                    interceptors: [LoggingInterceptor(logger: logger)],
                    headers: [
                        "Authorization": "Bearer token-secret-123", "Cookie": "sid=cookie-secret-789",
                        "X-Api-Key": "key-secret-000",
                    ],
                    usesGETForQueries: usesGET))
            _ = try await client.execute(UserDetailsQuery(id: "variable-secret-321"))
        }
        let log = handler.text
        #expect(log.contains("UserDetails"))
        #expect(log.contains("<redacted>"))
        for secret in [
            "token-secret-123", "cookie-secret-456", "cookie-secret-789", "key-secret-000", "variable-secret-321",
        ] {
            #expect(!log.contains(secret), "log leaks \(secret)")
        }
    }

    @Test("an APIError's description leaks no token, header or variable")
    func errorDescription() async throws {
        let transport = ClosureTransport { _ in
            ClosureTransport.json(#"{"errors":[{"message":"bad"}]}"#, status: 401)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql?apiKey=url-secret")!, transport: transport,
                headers: ["Authorization": "Bearer token-secret-123"]))
        do {
            _ = try await client.execute(UserDetailsQuery(id: "variable-secret-321"))
            Issue.record("expected unauthorized")
        } catch {
            #expect(error.code == .unauthorized)
            for secret in ["token-secret-123", "variable-secret-321", "url-secret"] {
                #expect(!error.description.contains(secret))
            }
        }
    }
}
