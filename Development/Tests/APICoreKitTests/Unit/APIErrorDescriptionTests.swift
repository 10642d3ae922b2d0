import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@Suite("APIError descriptions")
struct APIErrorDescriptionTests {
    @Test("GraphQL error messages, which may quote variables, stay out of the description but not the debug one")
    func messagesOnlyInDebugDescription() async throws {
        let transport = ClosureTransport { _ in
            ClosureTransport.json(
                #"{"errors":[{"message":"Variable '$id' got invalid value 'hunter2'","path":["user"],"#
                    + #""extensions":{"code":"BAD_USER_INPUT"}}]}"#)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
        do {
            _ = try await client.execute(UserDetailsQuery(id: "hunter2"))
            Issue.record("expected a GraphQL error")
        } catch {
            #expect(error.code == .graphQL)
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("BAD_USER_INPUT at user"))
            #expect(error.debugDescription.contains("hunter2"))
            // What an app shows in an alert is the same redacted line, not a generic message.
            #expect((error as any Error).localizedDescription == error.description)
        }
    }

    @Test("a hand-written document's failure names the operation it declares, without an operationName sent")
    func declaredNameInFailures() async throws {
        let transport = ClosureTransport { _ in HTTPResponse(statusCode: 500, headers: ["Content-Type": "text/plain"]) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
        let error = await #expect(throws: APIError.self) {
            _ = try await client.execute(document: "query Ada { user(id: 1) { id } }", as: JSONValue.self)
        }
        #expect(error?.description == "'Ada' failed: HTTP status 500")
        #expect(error.map { ($0 as any Error).localizedDescription } == "'Ada' failed: HTTP status 500")
        let anonymous = await #expect(throws: APIError.self) {
            _ = try await client.execute(document: "{ users { id } }", as: JSONValue.self)
        }
        #expect(anonymous?.operationName == "anonymous query")
    }

    @Test("a refused connection says so in words, and keeps the URL loading error's code")
    func refusedConnection() async throws {
        // Only the refusal counts here, however long a sanitizer run keeps the pool busy.
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: TestTransport.platform.make(),
                timeout: .seconds(600)))
        do {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
            Issue.record("expected a network error: nothing listens on port 1")
        } catch {
            #expect(error.code == .network)
            #expect(error.description.contains("the server refused the connection (URL loading error -1004)"))
        }
    }

    @Test(
        "a network failure says what happened in words, with its code",
        arguments: [
            (
                URLError.Code.serverCertificateUntrusted,
                "the server's certificate is not trusted (URL loading error -1202)"
            ),
            (
                .serverCertificateHasBadDate,
                "the server's certificate is expired or not yet valid (URL loading error -1201)"
            ),
            (.secureConnectionFailed, "the secure connection failed (URL loading error -1200)"),
            (
                .userAuthenticationRequired,
                "a proxy or the server asked for credentials that were not given (URL loading error -1013)"
            ),
            (.httpTooManyRedirects, "the server redirected too many times (URL loading error -1007)"),
            (.cannotFindHost, "the server's name did not resolve (URL loading error -1003)"),
        ])
    func networkReasons(code: URLError.Code, words: String) {
        let error = APIError(wrapping: URLError(code), operationName: "UserDetails")
        #expect(error.code == .network)
        #expect(error.description.contains(words))
    }
}
