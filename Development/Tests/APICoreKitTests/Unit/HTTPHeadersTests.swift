import APICoreKit
import Testing

@Suite("HTTP header fields")
struct HTTPHeadersTests {
    @Test("field names compare without regard to ASCII case, for lookup, equality and hashing")
    func asciiCaseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        headers["CONTENT-type"] = "text/plain"
        #expect(headers.count == 1)
        #expect(headers["Content-Type"] == "text/plain")
        let upper: HTTPHeaders = ["X-Request-ID": "7"]
        let lower: HTTPHeaders = ["x-request-id": "7"]
        #expect(upper == lower)
        #expect(upper.hashValue == lower.hashValue)
        #expect(upper != ["x-request-id": "8"])
    }

    @Test("only ASCII letters fold: field names are tokens (RFC 9110 section 5.1), so É and é differ")
    func nonASCIINotFolded() {
        let headers: HTTPHeaders = ["X-É": "1"]
        #expect(headers["X-É"] == "1")
        #expect(headers["x-É"] == "1")
        #expect(headers["X-é"] == nil)
        #expect(headers != ["X-é": "1"])
    }

    @Test(
        "a response's media type is the Content-Type before its parameters, trimmed of spaces and tabs, in lowercase",
        arguments: [
            ("application/json", "application/json"),
            ("Application/GraphQL-Response+JSON; charset=utf-8", "application/graphql-response+json"),
            (" \tapplication/json \t; charset=utf-8", "application/json"),
            ("text/plain;", "text/plain"),
            ("multipart/mixed; boundary=\"-\"; deferSpec=20220824", "multipart/mixed"),
            (";charset=utf-8", ""),
            ("   ", ""),
            ("", ""),
            ("application/vnd.ÉTÉ+json", "application/vnd.été+json"),
        ])
    func mediaType(contentType: String, expected: String) {
        let response = HTTPResponse(statusCode: 200, headers: ["Content-Type": contentType])
        #expect(response.mediaType == expected)
        #expect(HTTPResponse(statusCode: 200).mediaType == nil)
    }
}
