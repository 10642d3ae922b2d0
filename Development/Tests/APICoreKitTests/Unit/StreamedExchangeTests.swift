import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreKit

/// The rules of streaming below the interceptors, with a scripted streaming transport: what happens to a stream an
/// interceptor replaces or retries cannot be seen from a server.
@Suite struct StreamedExchangeTests {
    /// Streams each response's body in one chunk, and records which streams were cancelled.
    final class ScriptedStreamingTransport: HTTPStreamingTransport {
        private let script: Lock<(opened: Int, responses: [HTTPResponse])>
        private let cancelled = Lock<[Int]>([])

        init(_ responses: [HTTPResponse]) {
            script = Lock((0, responses))
        }

        /// The numbers (from 0) of the streams that were cancelled.
        var cancelledStreams: [Int] { cancelled.withLock { $0 } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            Issue.record("a streamed call used send(_:)")
            return HTTPResponse(statusCode: 500)
        }

        func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
            let (number, response) = script.withLock { script in
                script.opened += 1
                return (script.opened - 1, script.responses.removeFirst())
            }
            var head = response
            head.body = Data()
            let body = response.body
            return HTTPStreamingResponse(
                head: head,
                body: AsyncThrowingStream { continuation in
                    continuation.yield(body)
                    continuation.finish()
                },
                onCancel: { self.cancelled.withLock { $0.append(number) } })
        }
    }

    /// Retries once on a 503.
    struct RetryOnce: APIInterceptor {
        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            let response = try await next(request)
            return response.statusCode == 503 ? try await next(request) : response
        }
    }

    /// Answers with a body of its own, after asking the network.
    struct ReplaceBody: APIInterceptor {
        func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
            var response = try await next(request)
            response.body = Data("replaced".utf8)
            return response
        }
    }

    static let request = HTTPRequest(
        method: .post, url: URL(string: "http://127.0.0.1:9/graphql")!, operationName: "Q", kind: .graphQL(.query))

    @Test("a retried attempt cancels the stream of the attempt before it; the last one streams")
    func retryCancelsTheEarlierStream() async throws {
        let transport = ScriptedStreamingTransport([
            HTTPResponse(statusCode: 503, body: Data("busy".utf8)),
            HTTPResponse(statusCode: 200, body: Data("streamed".utf8)),
            HTTPResponse(statusCode: 500),
        ])
        let streamed = try await StreamedExchange.send(
            Self.request, interceptors: [RetryOnce()], transport: transport, maximumResponseSize: nil)
        #expect(streamed.head.statusCode == 200)
        #expect(String(decoding: try await streamed.collectBody(), as: UTF8.self) == "streamed")
        #expect(transport.cancelledStreams == [0])
    }

    @Test("an interceptor that answers with a body of its own replaces the stream, which is cancelled")
    func aReplacedBodyIsUsedWhole() async throws {
        let transport = ScriptedStreamingTransport([HTTPResponse(statusCode: 200, body: Data("streamed".utf8))])
        let streamed = try await StreamedExchange.send(
            Self.request, interceptors: [ReplaceBody()], transport: transport, maximumResponseSize: nil)
        #expect(String(decoding: try await streamed.collectBody(), as: UTF8.self) == "replaced")
        #expect(transport.cancelledStreams == [0])
    }

    @Test("without a streaming transport, @defer parts are yielded from the whole body")
    func wholeBodyFallback() async throws {
        let body = IncrementalDeliveryParsingTests.multipart([
            #"{"data":{"user":{"__typename":"User","id":"1","name":"Ada"}},"pending":[{"id":"0","path":["user"]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","data":{"__typename":"User","email":"a@b","followerCount":1}}],"completed":[{"id":"0"}],"hasNext":false}"#,
        ])
        let transport = ClosureTransport { _ in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": #"multipart/mixed; boundary="-""#], body: body)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport))
        let (values, error) = await collectValues(client.executeIncrementally(UserDeferredQuery(id: "1")))
        #expect(error == nil)
        #expect(values.map { $0.value.user?.deferredDetails?.email } == [nil, "a@b"])
    }

    @Test("a multipart body cut before its closing delimiter is an invalid response")
    func truncatedIncrementalBody() async throws {
        let whole = IncrementalDeliveryParsingTests.multipart([
            #"{"data":{"user":{"__typename":"User","id":"1","name":"Ada"}},"pending":[{"id":"0","path":["user"]}],"hasNext":true}"#
        ])
        let body = whole.dropLast(6)  // most of the closing delimiter and what follows
        let transport = ClosureTransport { _ in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "multipart/mixed"], body: body)
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport))
        let (values, error) = await collectValues(client.executeIncrementally(UserDeferredQuery(id: "1")))
        #expect(values.count == 0)
        #expect(error?.code == .invalidResponse)
        #expect(error?.operationName == "UserDeferred")
    }
}
