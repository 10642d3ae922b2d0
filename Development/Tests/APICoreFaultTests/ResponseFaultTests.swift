import APICoreGraphQL
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Answers that arrive whole but are wrong: broken JSON, the wrong media type, error pages, failing statuses. Each
/// gives its exact typed error, and the cache holds nothing from it.
@Suite("Response faults", .timeLimit(.minutes(10)))
struct ResponseFaultTests {
    /// Runs `HeroAndFriendsNamesWithIDs` against a server answering `fault` and returns the error it must fail with.
    private func failure(
        of fault: FaultServer.Fault,
        transport: TestTransport,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIError {
        try await FaultServer.with(fault, sourceLocation: sourceLocation) { server in
            let harness = FaultHarness(server: server, transport: transport)
            let error = try #require(harness.error(of: await harness.heroAndFriends()), sourceLocation: sourceLocation)
            #expect(
                harness.cachedKeys.isEmpty, "the cache holds nothing from a failed response",
                sourceLocation: sourceLocation
            )
            return error
        }
    }

    // MARK: - Malformed bodies

    @Test("truncated JSON is a parsing error at the byte where it ends", arguments: TestTransport.allCases)
    func truncatedJSON(transport: TestTransport) async throws {
        let body = String(StarWarsBodies.heroAndFriends.prefix(70))
        let error = try await failure(of: .json(body), transport: transport)
        #expect(error.code == .parsing)
        #expect(error.byteOffset == body.utf8.count)
        #expect((error.underlying as? JSONParseError)?.reason == .unexpectedEnd)
    }

    @Test("invalid JSON is a parsing error at the offending byte", arguments: TestTransport.allCases)
    func invalidJSON(transport: TestTransport) async throws {
        let error = try await failure(of: .json(#"{"data":{hero:null}}"#), transport: transport)
        #expect(error.code == .parsing)
        #expect(error.byteOffset == 9)
    }

    @Test(
        "invalid UTF-8 inside a string is a parsing error at the bad byte, not replacement characters",
        arguments: TestTransport.allCases)
    func invalidUTF8(transport: TestTransport) async throws {
        let prefix = Array(#"{"data":{"hero":{"__typename":"Droid","id":"1","name":"R2"#.utf8)
        let body = prefix + [0xFF, 0xFE] + Array(#"","friends":[]}}}"#.utf8)
        let error = try await failure(
            of: .response(status: 200, headers: [("Content-Type", "application/json")], body: body),
            transport: transport)
        #expect(error.code == .parsing)
        #expect(error.byteOffset == prefix.count)
        #expect((error.underlying as? JSONParseError)?.reason == .invalidUTF8)
    }

    @Test(
        "nesting a hundred thousand levels deep stops at the reader's depth limit, without exhausting the stack",
        arguments: TestTransport.allCases)
    func deepNesting(transport: TestTransport) async throws {
        let depth = 100_000
        let body =
            #"{"data":{"hero":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
        let error = try await failure(of: .json(body), transport: transport)
        #expect(error.code == .parsing)
        #expect((error.underlying as? JSONParseError)?.reason == .tooDeep(limit: 512))
    }

    @Test("the depth limit is configurable", arguments: TestTransport.allCases)
    func configurableDepth(transport: TestTransport) async throws {
        try await FaultServer.with(.json(StarWarsBodies.heroAndFriends)) { server in
            let harness = FaultHarness(server: server, transport: transport) {
                $0.jsonReader = JSONReader(options: .init(maximumDepth: 3))
            }
            let error = try #require(harness.error(of: await harness.heroAndFriends()))
            #expect((error.underlying as? JSONParseError)?.reason == .tooDeep(limit: 3))
            #expect(harness.cachedKeys.isEmpty)
        }
    }

    // MARK: - Media types and empty bodies

    @Test("a 200 with an HTML page is not a valid response", arguments: TestTransport.allCases)
    func htmlWithSuccess(transport: TestTransport) async throws {
        let error = try await failure(
            of: .response(status: 200, headers: [("Content-Type", "text/html")], body: Array(Self.html.utf8)),
            transport: transport)
        #expect(error.code == .invalidResponse)
        #expect(error.reason == "unexpected content type text/html")
    }

    @Test("a 502 HTML error page from a proxy is an HTTP status error", arguments: TestTransport.allCases)
    func htmlErrorPage(transport: TestTransport) async throws {
        let error = try await failure(
            of: .response(status: 502, headers: [("Content-Type", "text/html")], body: Array(Self.html.utf8)),
            transport: transport)
        #expect(error.code == .httpStatus)
        #expect(error.statusCode == 502)
    }

    @Test("JSON under the wrong media type is not trusted", arguments: TestTransport.allCases)
    func wrongContentType(transport: TestTransport) async throws {
        let error = try await failure(
            of: .response(
                status: 200, headers: [("Content-Type", "text/plain")],
                body: Array(StarWarsBodies.heroAndFriends.utf8)),
            transport: transport)
        #expect(error.code == .invalidResponse)
        #expect(error.reason == "unexpected content type text/plain")
    }

    @Test("without a media type, a JSON object is read and anything else is refused", arguments: TestTransport.allCases)
    func missingContentType(transport: TestTransport) async throws {
        try await FaultServer.with(.response(status: 200, body: Array(StarWarsBodies.heroAndFriends.utf8))) { server in
            let harness = FaultHarness(server: server, transport: transport)
            let response = try await harness.heroAndFriends().get()
            #expect(response.value.hero?.name == "R2-D2")
        }

        let error = try await failure(of: .response(status: 200, body: Array("OK".utf8)), transport: transport)
        #expect(error.code == .invalidResponse)
        #expect(error.reason == "unexpected content type none")
    }

    @Test(
        "an empty 200 body with a JSON media type is a parsing error; without one, not a valid response",
        arguments: TestTransport.allCases)
    func emptyBodies(transport: TestTransport) async throws {
        let typed = try await failure(
            of: .response(status: 200, headers: [("Content-Type", "application/json")]), transport: transport)
        #expect(typed.code == .parsing)
        #expect((typed.underlying as? JSONParseError)?.reason == .emptyInput)

        let untyped = try await failure(of: .response(status: 200), transport: transport)
        #expect(untyped.code == .invalidResponse)

        let noContent = try await failure(of: .response(status: 204), transport: transport)
        #expect(noContent.code == .invalidResponse)
        #expect(noContent.statusCode == 204)
    }

    @Test("JSON that is not a GraphQL response is not a valid response", arguments: TestTransport.allCases)
    func jsonWithoutDataOrErrors(transport: TestTransport) async throws {
        let error = try await failure(of: .json(#"{"status":"ok"}"#), transport: transport)
        #expect(error.code == .invalidResponse)
        #expect(error.reason == "JSON without data or errors")
    }

    // MARK: - Failing statuses

    @Test("401 is unauthorized, with the server's GraphQL errors when it sent some", arguments: TestTransport.allCases)
    func unauthorized(transport: TestTransport) async throws {
        let bare = try await failure(of: .response(status: 401), transport: transport)
        #expect(bare.code == .unauthorized)
        #expect(bare.graphQLErrors.isEmpty)

        let withBody = try await failure(
            of: .json(Self.errors(code: "UNAUTHENTICATED"), status: 401), transport: transport)
        #expect(withBody.code == .unauthorized)
        #expect(withBody.graphQLErrors.map(\.code) == ["UNAUTHENTICATED"])
    }

    @Test(
        "403 without a body is an HTTP status error; with a GraphQL body, a GraphQL error",
        arguments: TestTransport.allCases)
    func forbidden(transport: TestTransport) async throws {
        let bare = try await failure(of: .response(status: 403), transport: transport)
        #expect(bare.code == .httpStatus)
        #expect(bare.statusCode == 403)

        let withBody = try await failure(of: .json(Self.errors(code: "FORBIDDEN"), status: 403), transport: transport)
        #expect(withBody.code == .graphQL)
        #expect(withBody.statusCode == 403)
        #expect(withBody.graphQLErrors.map(\.code) == ["FORBIDDEN"])
    }

    @Test(
        "5xx: an HTTP status error, keeping GraphQL errors as detail; the GraphQL media type makes them the answer",
        arguments: TestTransport.allCases)
    func serverErrors(transport: TestTransport) async throws {
        let bare = try await failure(of: .response(status: 503), transport: transport)
        #expect(bare.code == .httpStatus)
        #expect(bare.statusCode == 503)

        let plainJSON = try await failure(
            of: .response(
                status: 500, headers: [("Content-Type", "application/json")],
                body: Array(Self.errors(code: "INTERNAL").utf8)), transport: transport)
        #expect(plainJSON.code == .httpStatus)
        #expect(plainJSON.graphQLErrors.map(\.code) == ["INTERNAL"])

        let graphQL = try await failure(of: .json(Self.errors(code: "INTERNAL"), status: 500), transport: transport)
        #expect(graphQL.code == .graphQL)
        #expect(graphQL.statusCode == 500)
    }

    @Test(
        "429 without retries: an HTTP status error without a body, a GraphQL error with a GraphQL body",
        arguments: TestTransport.allCases)
    func tooManyRequests(transport: TestTransport) async throws {
        let bare = try await failure(of: .response(status: 429, headers: [("Retry-After", "1")]), transport: transport)
        #expect(bare.code == .httpStatus)
        #expect(bare.statusCode == 429)

        let withBody = try await failure(
            of: .json(Self.errors(code: "RATE_LIMITED"), status: 429), transport: transport)
        #expect(withBody.code == .graphQL)
        #expect(withBody.statusCode == 429)
        #expect(withBody.graphQLErrors.map(\.code) == ["RATE_LIMITED"])
    }

    // MARK: - Helpers

    static let html = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"

    static func errors(code: String) -> String {
        #"{"errors":[{"message":"refused","extensions":{"code":"\#(code)"}}]}"#
    }
}
