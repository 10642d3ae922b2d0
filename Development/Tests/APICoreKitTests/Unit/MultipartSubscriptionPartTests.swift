import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

/// The parts of a multipart subscription, and the transport's answers to bodies a live server does not send
/// (malformed, truncated, transport errors), from an in-memory transport.
@Suite struct MultipartSubscriptionPartTests {
    static func part(_ json: String) throws -> MultipartSubscriptionPart {
        try MultipartSubscriptionPart(json: try JSONReader().read(json))
    }

    static func body(_ parts: [String], closed: Bool = true) -> Data {
        var text = ""
        for part in parts { text += "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n\(part)" }
        text += closed ? "\r\n--graphql--\r\n" : "\r\n"
        return Data(text.utf8)
    }

    /// Subscribes through a transport that answers `body` with `contentType`; returns the results and the error.
    static func subscribe(
        _ body: Data,
        contentType: String = "multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json",
        status: Int = 200
    ) async -> (values: [GraphQLResponseBody], error: APIError?) {
        let transport = ClosureTransport { request in
            #expect(request.headers["Accept"]?.hasPrefix("multipart/mixed;subscriptionSpec") == true)
            return HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: body)
        }
        let subscriptions = MultipartSubscriptionTransport(
            endpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport)
        return await collectValues(
            subscriptions.subscribe(GraphQLSubscriptionRequest(operationName: "S", document: "subscription S { s }")))
    }

    @Test func kindsOfParts() throws {
        #expect(try Self.part("{}") == .heartbeat)
        #expect(
            try Self.part(#"{"payload":{"data":{"s":1}}}"#) == .payload(GraphQLResponseBody(json: ["data": ["s": 1]])!))
        guard case .transportError(let errors) = try Self.part(#"{"payload":null,"errors":[{"message":"gone"}]}"#)
        else {
            Issue.record("not a transport error")
            return
        }
        #expect(errors.map(\.message) == ["gone"])
        #expect(throws: APIError.self) { try Self.part(#"{"data":{"s":1}}"#) }
        #expect(throws: APIError.self) { try Self.part(#"{"payload":{"neither":1}}"#) }
        #expect(throws: APIError.self) { try Self.part("[1]") }
    }

    @Test("payloads are yielded in order, heartbeats skipped, and the closing boundary finishes")
    func payloadsInOrder() async {
        let result = await Self.subscribe(
            Self.body(["{}", #"{"payload":{"data":{"s":1}}}"#, "{}", #"{"payload":{"data":{"s":2}}}"#]))
        #expect(result.error == nil)
        #expect(result.values.map { $0.data?["s"] } == [1, 2])
    }

    @Test("a transport error ends the stream with its errors")
    func transportError() async {
        let result = await Self.subscribe(
            Self.body([#"{"payload":{"data":{"s":1}}}"#, #"{"payload":null,"errors":[{"message":"gone"}]}"#]))
        #expect(result.values.count == 1)
        #expect(result.error?.code == .graphQL)
        #expect(result.error?.graphQLErrors.map(\.message) == ["gone"])
        #expect(result.error?.operationName == "S")
    }

    @Test("malformed JSON in a part is a parsing error after the parts before it")
    func malformedPart() async {
        let result = await Self.subscribe(Self.body([#"{"payload":{"data":{"s":1}}}"#, #"{"payload":{"data":"#]))
        #expect(result.values.count == 1)
        #expect(result.error?.code == .parsing)
    }

    @Test("a body that ends before its closing boundary is a truncated, invalid response")
    func truncatedBody() async {
        let result = await Self.subscribe(Self.body([#"{"payload":{"data":{"s":1}}}"#], closed: false))
        #expect(result.values.isEmpty)  // the part is not closed by a delimiter, so it may be cut short
        #expect(result.error?.code == .invalidResponse)
        #expect(result.error?.reason?.contains("truncated") == true)
    }

    @Test("another content type is an invalid response; a single JSON result is the only one")
    func otherContentTypes() async {
        let html = await Self.subscribe(Data("<html></html>".utf8), contentType: "text/html")
        #expect(html.error?.code == .invalidResponse)
        let single = await Self.subscribe(Data(#"{"data":{"s":7}}"#.utf8), contentType: "application/json")
        #expect(single.error == nil)
        #expect(single.values.map { $0.data?["s"] } == [7])
        let refused = await Self.subscribe(
            Data(#"{"errors":[{"message":"no subscriptions here"}]}"#.utf8), contentType: "application/json",
            status: 400)
        #expect(refused.error?.code == .graphQL)
    }
}
