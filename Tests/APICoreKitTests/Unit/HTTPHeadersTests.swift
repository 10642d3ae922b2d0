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
}
