import APICoreTestSupport
import Foundation
import Logging
import Testing

@testable import APICoreJSON
@testable import APICoreKit

/// A swift-log handler that keeps every rendered message and its metadata.
final class CapturingLogHandler: LogHandler, Sendable {
    let lines = Lock<[String]>([])
    let level: Logger.Level

    init(level: Logger.Level = .trace) {
        self.level = level
    }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { level }
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
    @Test("a call the cache answers is one info line naming the operation and the cache; variables stay out")
    func cacheServedCall() async throws {
        let handler = CapturingLogHandler(level: .info)
        let logger = Logger(label: "test") { _ in handler }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!,
                transport: ClosureTransport { _ in ClosureTransport.json(ProductBodies.product) },
                interceptors: [LoggingInterceptor(logger: logger)], cache: CacheStore()))
        _ = try await client.execute(ProductQuery(id: "secret-id-1"))
        handler.lines.withLock { $0.removeAll() }
        let cached = try await client.execute(ProductQuery(id: "secret-id-1"))
        #expect(cached.metadata.source == .cache)
        let lines = handler.lines.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("info response from the cache ") == true)
        #expect(lines.first?.contains("operation=Product") == true)
        #expect(lines.first?.contains("source=cache") == true)
        #expect(!handler.text.contains("secret-id-1"))
    }

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
                    queryMethod: usesGET ? .get : .post))
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

    @Test("each line is written only at its level: at info, the outcome alone; failures as warnings")
    func levels() async throws {
        let handler = CapturingLogHandler(level: .info)
        let transport = ClosureTransport { request in
            if request.url.path.hasSuffix("down") { throw URLError(.cannotConnectToHost) }
            return ClosureTransport.json("[]", status: request.url.path.hasSuffix("missing") ? 404 : 200)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [LoggingInterceptor(logger: Logger(label: "test") { _ in handler })]))
        for path in ["ok", "missing", "down"] {
            _ = try? await client.send(RESTCall<[Int], EmptyBody>(.get, path))
        }
        let lines = handler.lines.withLock { $0 }
        #expect(lines.map { $0.prefix { $0 != " " } } == ["info", "warning", "warning"])
        #expect(lines[0].hasPrefix("info response ") && lines[0].contains("status=200"))
        #expect(lines[1].hasPrefix("warning response with failing status ") && lines[1].contains("status=404"))
        #expect(lines[2].hasPrefix("warning request failed ") && lines[2].contains("network error"))
    }

    @Test("REST bodies are logged at trace level as their shape and size, never their values")
    func restBodyShape() async throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in handler }
        let transport = ClosureTransport { _ in ClosureTransport.json("{}", status: 201) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [LoggingInterceptor(logger: logger)]))
        struct Signup: Encodable, Sendable {
            var name: String
            var age: Int
            var tags: [String]
        }
        let body = Signup(name: "body-secret-name", age: 42, tags: ["body-secret-tag", "x"])
        _ = try await client.send(RESTCall<EmptyResponse, Signup>(.post, "/signup", body: body))
        let log = handler.text
        #expect(log.contains(#"{"name":<string>,"age":<number>,"tags":[2 items]}"#))
        #expect(log.contains("bytes)"))
        for secret in ["body-secret-name", "body-secret-tag", "42"] {
            #expect(!log.contains(secret), "log leaks \(secret)")
        }
    }

    @Test("configured header names match without regard to case, however they were spelled")
    func configuredHeaderNames() {
        let headers: HTTPHeaders = [
            "X-Custom-Auth": "custom-secret-1", "x-other-auth": "custom-secret-2", "Accept": "*/*",
        ]
        var redaction = Redaction(headerNames: ["X-Custom-Auth"])
        redaction.headerNames.insert("X-OTHER-AUTH")
        let redacted = redaction.redact(headers)
        #expect(redacted.map(\.1) == ["<redacted>", "<redacted>", "*/*"])
        #expect(Redaction(secretNameFragments: ["Signature"]).isSecret(name: "x-signature"))
    }

    @Test("JSON arrays are walked: secret members inside lists, and the variables of every operation of a batch")
    func arraysInBodies() {
        let redaction = Redaction()
        let nested = redaction.redact(
            jsonBody: Data(#"{"input":[{"name":"n","password":"pw1"},["token-in-list"]]}"#.utf8))
        #expect(!nested.contains("pw1"))
        #expect(nested.contains(#""name":"n""#))
        let batch = redaction.redact(
            jsonBody: Data(
                (#"[{"query":"query A { a }","variables":{"id":"v1"}},"#
                    + #"{"query":"query B { b }","variables":{"id":"v2"}}]"#).utf8))
        #expect(!batch.contains("v1"))
        #expect(!batch.contains("v2"))
        #expect(batch.contains("query B { b }"))
    }

    @Test("a URL's user and password, secret query items and fragment stay out of the log")
    func urlCredentials() throws {
        let url = try #require(
            URL(
                string: "https://alice:pw-secret@api.example.com:8443/v1/graphql"
                    + "?access_token=t-secret&variables=%7B%7D&page=2#id_token=f-secret"))
        #expect(
            Redaction().redact(url)
                == "https://<redacted>@api.example.com:8443/v1/graphql"
                + "?access_token=<redacted>&variables=<redacted>&page=2")
        let plain = try #require(URL(string: "http://127.0.0.1:8080/rest/users?role=ADMIN"))
        #expect(Redaction().redact(plain) == "http://127.0.0.1:8080/rest/users?role=ADMIN")
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
