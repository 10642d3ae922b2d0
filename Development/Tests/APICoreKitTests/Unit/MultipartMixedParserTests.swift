import Foundation
import Testing

@testable import APICoreKit

/// Reading `multipart/mixed` bodies as they arrive, in chunks of any size.
@Suite struct MultipartMixedParserTests {
    static let body = Data(
        ("\r\n--graphql\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{\"a\":1}\r\n--graphql\r\n"
            + "Content-Type: application/json\r\n\r\n{}\r\n--graphql\r\n\r\n{\"b\":2}\r\n--graphql--\r\n").utf8)

    static func text(_ parts: [Data]) -> [String] {
        parts.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("each part is handed over as soon as the delimiter closing it has arrived, byte by byte")
    func partsAsTheirDelimiterArrives() throws {
        var parser = MultipartMixedParser(boundary: "graphql")
        var delivered: [(afterByte: Int, part: String)] = []
        for (index, byte) in Self.body.enumerated() {
            for part in try parser.append([byte]) {
                delivered.append((index, String(decoding: part, as: UTF8.self)))
            }
        }
        try parser.finish()
        #expect(delivered.map(\.part) == [#"{"a":1}"#, "{}", #"{"b":2}"#])
        // The first part is handed over with the last byte of the delimiter after it, before anything else.
        let text = String(decoding: Self.body, as: UTF8.self)
        let firstDelimiterEnd = try #require(text.range(of: "1}\r\n--graphql")).upperBound
        #expect(delivered.first?.afterByte == text.utf8.distance(from: text.startIndex, to: firstDelimiterEnd) - 1)
    }

    @Test("chunks of any size give the same parts")
    func chunkSizes() throws {
        for size in [1, 2, 3, 7, 16, 1000] {
            var parser = MultipartMixedParser(boundary: "graphql")
            var parts: [Data] = []
            var start = 0
            while start < Self.body.count {
                parts += try parser.append(Self.body[start..<min(start + size, Self.body.count)])
                start += size
            }
            try parser.finish()
            #expect(Self.text(parts) == [#"{"a":1}"#, "{}", #"{"b":2}"#], "chunks of \(size) bytes")
        }
    }

    @Test("a preamble before the first delimiter is ignored, as strawberry's leading heartbeat")
    func preambleIgnored() throws {
        let body = "\r\nContent-Type: application/json\r\n\r\n{}\r\n--graphql\r\n\r\n{\"c\":3}\r\n--graphql--\r\n"
        #expect(Self.text(try MultipartMixedBody.parts(of: Data(body.utf8), boundary: "graphql")) == [#"{"c":3}"#])
    }

    @Test("nothing after the closing delimiter is read")
    func epilogueIgnored() throws {
        var parser = MultipartMixedParser(boundary: "-")
        let parts = try parser.append(Data("---\r\n\r\n{\"a\":1}\r\n-----\r\n---\r\n\r\n{\"b\":2}\r\n".utf8))
        #expect(Self.text(parts) == [#"{"a":1}"#])
        #expect(parser.isClosed)
        #expect(try parser.append(Data("more".utf8)).isEmpty)
    }

    @Test("a body that ends before its closing delimiter is truncated, and says so")
    func truncated() throws {
        var parser = MultipartMixedParser(boundary: "graphql")
        let parts = try parser.append(Self.body.prefix(90))
        #expect(Self.text(parts) == [#"{"a":1}"#])
        let error = try #require(throws: APIError.self) { try parser.finish() }
        #expect(error.code == .invalidResponse)
        #expect(error.reason?.contains("truncated") == true)
    }

    @Test("a part whose header fields never end is a typed error")
    func malformedPart() {
        var parser = MultipartMixedParser(boundary: "graphql")
        let error = #expect(throws: APIError.self) {
            _ = try parser.append(Data("--graphql\r\nContent-Type: application/json\r\nnot json\r\n--graphql--".utf8))
        }
        #expect(error?.code == .invalidResponse)
    }

    @Test("a part larger than the limit is refused as it arrives, before its end; parts within it pass")
    func partLimit() throws {
        var parser = MultipartMixedParser(boundary: "graphql", maximumPartSize: 64)
        let small = try parser.append(Data("--graphql\r\n\r\n{\"a\":1}\r\n--graphql".utf8))
        #expect(Self.text(small) == [#"{"a":1}"#])
        let error = try #require(throws: APIError.self) {
            _ = try parser.append(Data(("\r\n\r\n{\"b\":\"" + String(repeating: "x", count: 200)).utf8))
        }
        #expect(error.code == .responseTooLarge)
        #expect(error.reason == "the response body is larger than the limit of 64 bytes")
    }

    @Test("a preamble that never ends is held to the limit too")
    func preambleLimit() {
        var parser = MultipartMixedParser(boundary: "graphql", maximumPartSize: 64)
        let error = #expect(throws: APIError.self) {
            for _ in 0..<10 { _ = try parser.append(Data(String(repeating: " ", count: 20).utf8)) }
        }
        #expect(error?.code == .responseTooLarge)
    }
}
