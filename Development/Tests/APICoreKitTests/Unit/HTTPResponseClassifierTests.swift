import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreGraphQL
@testable import APICoreKit

/// The one classifier of HTTP responses, against the rules its table states, for every combination of status, media
/// type and body that matters, for GraphQL and REST.
@Suite("HTTP response classification")
struct HTTPResponseClassifierTests {
    static let statuses = [200, 202, 294, 301, 400, 401, 403, 404, 422, 500, 502, 503]
    static let mediaTypes: [String?] = [
        "application/graphql-response+json", "application/json", "application/json; charset=utf-8",
        "application/problem+json", "text/html", "text/plain", nil,
    ]
    static let bodies: [String] = [
        #"{"data":{"user":{"id":"1"}}}"#,
        #"{"errors":[{"message":"Cannot query field \"x\""}]}"#,
        #"{"data":null,"errors":[{"message":"boom","extensions":{"code":"INTERNAL"}}],"extensions":{"trace":1}}"#,
        #"{"message":"not a GraphQL answer"}"#,
        #"{"data":{"user":"#,
        "<html><body>Bad Gateway</body></html>",
        "",
        "[1, 2, 3]",
    ]

    /// What the rules say a response to a GraphQL request is: its envelope, or the error code.
    static func expectedGraphQL(status: Int, mediaType: String?, body: String) -> APIError.Code? {
        let success = (200..<300).contains(status)
        if status == 401 { return .unauthorized }
        let isJSONType = mediaType.map { $0.hasPrefix("application/") && $0.contains("json") }
        guard isJSONType ?? body.hasPrefix("{") else { return success ? .invalidResponse : .httpStatus }
        guard let json = try? JSONReader().read(Data(body.utf8)) else {
            return success ? .parsing : .httpStatus
        }
        guard GraphQLResponseBody(json: json) != nil else { return success ? .invalidResponse : .httpStatus }
        let trusted = success || (400..<500).contains(status) || mediaType == "application/graphql-response+json"
        return trusted ? nil : .httpStatus
    }

    /// What the rules say a response to a REST request is.
    static func expectedREST(status: Int, mediaType: String?, body: String) -> APIError.Code? {
        guard (200..<300).contains(status) else { return status == 401 ? .unauthorized : .httpStatus }
        if body.isEmpty { return nil }
        let isJSONType = mediaType.map { $0.hasPrefix("application/") && $0.contains("json") } ?? true
        guard isJSONType else { return .invalidResponse }
        return (try? JSONReader().read(Data(body.utf8))) == nil ? .parsing : nil
    }

    static func response(status: Int, mediaType: String?, body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        if let mediaType { headers["Content-Type"] = mediaType }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8))
    }

    @Test("every status, media type and body is classified for GraphQL and REST as the table says")
    func everyCombination() {
        var checked = 0
        for status in Self.statuses {
            for mediaType in Self.mediaTypes {
                for body in Self.bodies {
                    let response = Self.response(status: status, mediaType: mediaType, body: body)
                    let place = "\(status) \(mediaType ?? "none") \(body.prefix(24))"
                    let graphQL = HTTPResponseClassifier(api: .graphQL, operationName: "Op", reader: JSONReader())
                    let rest = HTTPResponseClassifier(api: .rest, operationName: "GET /x", reader: JSONReader())
                    let expectedGraphQL = Self.expectedGraphQL(status: status, mediaType: mediaType, body: body)
                    do throws(APIError) {
                        _ = try graphQL.graphQLBody(of: response)
                        #expect(expectedGraphQL == nil, "GraphQL \(place)")
                    } catch {
                        #expect(error.code == expectedGraphQL, "GraphQL \(place)")
                        #expect(error.statusCode == status)
                        #expect(error.operationName == "Op")
                        #expect(error.responseBody == nil, "GraphQL keeps no whole body: \(place)")
                        #expect(error.responseBodyPrefix == Data(body.utf8.prefix(512)))
                    }
                    let expectedREST = Self.expectedREST(status: status, mediaType: mediaType, body: body)
                    do throws(APIError) {
                        _ = try rest.restJSON(of: response)
                        #expect(expectedREST == nil, "REST \(place)")
                    } catch {
                        #expect(error.code == expectedREST, "REST \(place)")
                        #expect(error.statusCode == status)
                        let keepsBody = !(200..<300).contains(status)
                        #expect((error.responseBody == Data(body.utf8)) == keepsBody, "REST body: \(place)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == Self.statuses.count * Self.mediaTypes.count * Self.bodies.count)
    }

    @Test("what a failure carries: the byte offset of malformed JSON, the errors of a 401 and of an untrusted answer")
    func details() throws {
        let graphQL = HTTPResponseClassifier(api: .graphQL, operationName: "Op", reader: JSONReader())
        let truncated = Self.response(status: 200, mediaType: "application/json", body: #"{"data":{"user":"#)
        let parsing = #expect(throws: APIError.self) { try graphQL.graphQLBody(of: truncated) }
        #expect(parsing?.byteOffset == 16)

        let unauthorized = Self.response(
            status: 401, mediaType: "application/json", body: #"{"errors":[{"message":"token expired"}]}"#)
        let refused = #expect(throws: APIError.self) { try graphQL.graphQLBody(of: unauthorized) }
        #expect(refused?.graphQLErrors.map(\.message) == ["token expired"])

        let proxy = Self.response(
            status: 502, mediaType: "application/json",
            body: #"{"data":null,"errors":[{"message":"upstream"}],"extensions":{"trace":1}}"#)
        let untrusted = #expect(throws: APIError.self) { try graphQL.graphQLBody(of: proxy) }
        #expect(untrusted?.code == .httpStatus)
        #expect(untrusted?.graphQLErrors.map(\.message) == ["upstream"])
        #expect(untrusted?.responseExtensions == ["trace": 1])

        let answer = Self.response(
            status: 500, mediaType: "application/graphql-response+json",
            body: #"{"data":{"user":null},"errors":[{"message":"down","path":["user"]}]}"#)
        let body = try graphQL.graphQLBody(of: answer)
        #expect(body.data == ["user": nil])
        #expect(body.errors.first?.path == ["user"])
    }
}
