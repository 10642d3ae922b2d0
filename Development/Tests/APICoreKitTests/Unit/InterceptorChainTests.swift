import APICoreGraphQL
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

@Suite("Interceptor chain")
struct InterceptorChainTests {
    struct HeaderInterceptor: APIInterceptor {
        let name: String
        let value: String
        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            var request = request
            request.headers.add(name, value)
            return try await next(request)
        }
    }

    struct AnsweringInterceptor: APIInterceptor {
        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            var response = ClosureTransport.json(
                #"{"data":{"user":{"__typename":"User","id":"9","name":"Stub","role":"GUEST","followerCount":1}}}"#)
            response.source = .interceptor
            return response
        }
    }

    struct DropFieldInterceptor: APIInterceptor {
        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            var response = try await next(request)
            response.body = Data(
                String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: #""name":"Ada","#, with: "")
                    .utf8)
            return response
        }
    }

    let adaBody =
        #"{"data":{"user":{"__typename":"User","id":"1","name":"Ada","role":"ADMIN","followerCount":9007199254740993}}}"#

    @Test("interceptors run in order, outermost first, and can change the request")
    func order() async throws {
        let transport = ClosureTransport { [adaBody] _ in ClosureTransport.json(adaBody) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [
                    HeaderInterceptor(name: "X-Order", value: "1"), HeaderInterceptor(name: "X-Order", value: "2"),
                ]))
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        let sent = try #require(transport.requests.first)
        #expect(sent.headers.filter { $0.name == "X-Order" }.map(\.value) == ["1", "2"])
        #expect(sent.operationName == "UserDetails")
        #expect(sent.kind == .graphQL(.query))
        #expect(sent.isIdempotent)
    }

    @Test("an interceptor can answer without the network")
    func answerWithoutNetwork() async throws {
        let transport = ClosureTransport { _ in throw URLError(.notConnectedToInternet) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [AnsweringInterceptor()]))
        let response = try await client.execute(UserDetailsQuery(id: "9"))
        #expect(response.value.user?.name == "Stub")
        #expect(response.metadata.source == .interceptor)
        #expect(transport.requests.isEmpty)
    }

    @Test("an interceptor can change the response; generated decoding then names the missing field")
    func changeResponse() async throws {
        let transport = ClosureTransport { [adaBody] _ in ClosureTransport.json(adaBody) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [DropFieldInterceptor()]))
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .decoding && error?.responsePath == ["user", "name"]
        }
    }

    @Test("a network error from the transport is a network error with the underlying error")
    func networkError() async throws {
        let transport = ClosureTransport { _ in throw URLError(.cannotConnectToHost) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .network && error?.underlying is URLError
        }
    }

    @Test("a response with neither data nor errors is invalid; data: null without errors is no data")
    func envelopes() async throws {
        for (body, code) in [(#"{"hello":1}"#, APIError.Code.invalidResponse), (#"{"data":null}"#, .noData)] {
            let transport = ClosureTransport { _ in ClosureTransport.json(body) }
            let client = APIClient(
                configuration: APIClientConfiguration(
                    graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
            await #expect {
                _ = try await client.execute(UserDetailsQuery(id: "1"))
            } throws: { error in
                (error as? APIError)?.code == code
            }
        }
    }

    @Test("errors without data keep the response's extensions on the error")
    func errorExtensions() async throws {
        let transport = ClosureTransport { _ in
            ClosureTransport.json(#"{"errors":[{"message":"too costly"}],"extensions":{"cost":{"requested":9001}}}"#)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .graphQL && error?.responseExtensions["cost"]?["requested"] == 9001
        }
    }
}
