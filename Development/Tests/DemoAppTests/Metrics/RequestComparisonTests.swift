import APICoreKit
import DemoApp
import Testing

@Suite("The comparison of REST and GraphQL requests")
struct RequestComparisonTests {
    static func metrics(
        _ kind: HTTPRequest.Kind, milliseconds: Int, bytes: (Int, Int) = (10, 90), cacheHit: Bool = false
    ) -> RequestMetrics {
        RequestMetrics(
            operationName: "Op", kind: kind, duration: .milliseconds(milliseconds), requestBytes: bytes.0,
            responseBytes: bytes.1, statusCode: 200, isCacheHit: cacheHit, errorCode: nil)
    }

    @Test("Counts, bytes and median latency per kind, without cache hits")
    func figures() throws {
        let comparison = RequestComparison(requests: [
            Self.metrics(.graphQL(.query), milliseconds: 3),
            Self.metrics(.graphQL(.mutation), milliseconds: 9),
            Self.metrics(.graphQL(.query), milliseconds: 5),
            Self.metrics(.graphQL(.query), milliseconds: 1, cacheHit: true),
            Self.metrics(.rest, milliseconds: 2, bytes: (0, 50)),
            Self.metrics(.rest, milliseconds: 4, bytes: (20, 30)),
        ])
        let graphQL = try #require(comparison.row("GraphQL"))
        #expect(graphQL.count == 3)
        #expect(graphQL.bytes == 300)
        #expect(graphQL.medianMilliseconds == 5)
        let rest = try #require(comparison.row("REST"))
        #expect(rest.count == 2)
        #expect(rest.bytes == 100)
        #expect(rest.medianMilliseconds == 3)
    }

    @Test("The table's columns line up")
    func alignedLines() {
        let comparison = RequestComparison(requests: [
            Self.metrics(.graphQL(.query), milliseconds: 12_345, bytes: (1_000, 100_000)),
            Self.metrics(.rest, milliseconds: 2),
        ])
        let lines = comparison.lines
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("kind"))
        #expect(Set(lines.map(\.count)).count == 1)
        #expect(lines[1].hasPrefix("GraphQL") && lines[1].hasSuffix("12345.00"))
        #expect(lines[2].hasPrefix("REST") && lines[2].hasSuffix("2.00"))
    }

    @Test("A kind without requests has a row of zeros")
    func missingKind() {
        let comparison = RequestComparison(requests: [Self.metrics(.rest, milliseconds: 2)])
        #expect(comparison.row("GraphQL")?.count == 0)
        #expect(comparison.row("GraphQL")?.medianMilliseconds == 0)
    }
}
