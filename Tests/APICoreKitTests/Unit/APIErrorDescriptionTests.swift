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
        }
    }

    @Test("a refused connection says so in words, and keeps the URL loading error's code")
    func refusedConnection() async throws {
        let client = APIClient(
            configuration: APIClientConfiguration(graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!))
        do {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
            Issue.record("expected a network error: nothing listens on port 1")
        } catch {
            #expect(error.code == .network)
            #expect(error.description.contains("the server refused the connection (URL loading error -1004)"))
        }
    }
}
