import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// A streamed upload (a multipart file, a large body read from disk) that must go out a second time: the kept-alive
/// connection it was sent on closed without an answer, or the server redirected it with a status that keeps the
/// method and body. The transport gives the session the same body again from its start, so the upload succeeds,
/// whole, instead of failing or arriving cut short; when the body's source cannot be read again, the call fails with
/// the source's own error.
@Suite("Uploads sent again", .timeLimit(.minutes(10)))
struct UploadResendTests {
    /// A body read from memory in small pieces, as a file would be, that counts how often it was opened and can be
    /// made to fail its next opening.
    final class PieceSource: Sendable {
        let bytes: [UInt8]
        private let state = Lock((opened: 0, refuseFrom: Int.max))

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// How many readers were made.
        var openings: Int { state.withLock { $0.opened } }

        /// Makes every opening from the `count`-th on fail (counting from 1).
        func refuse(fromOpening count: Int) {
            state.withLock { $0.refuseFrom = count }
        }

        var body: HTTPBodyStream {
            HTTPBodyStream(length: bytes.count) { try self.open() }
        }

        private func open() throws -> any HTTPBodyReader {
            let refused = state.withLock { state in
                state.opened += 1
                return state.opened >= state.refuseFrom
            }
            if refused { throw CocoaError(.fileNoSuchFile) }
            return PieceReader(bytes)
        }
    }

    final class PieceReader: HTTPBodyReader {
        private let bytes: [UInt8]
        private var offset = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        func read(upTo maxLength: Int) throws -> Data {
            let end = min(bytes.count, offset + min(maxLength, 256))
            defer { offset = end }
            return Data(bytes[offset..<end])
        }

        func close() {}
    }

    /// Small enough that libcurl sends no `Expect: 100-continue`, whose interim answer would count as a reply.
    static let payload = (0..<900).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    static func upload(to url: URL, _ source: PieceSource) -> HTTPRequest {
        var upload = HTTPRequest(
            method: .post, url: url, headers: ["Content-Type": "application/octet-stream"], operationName: "Upload",
            kind: .graphQL(.mutation))
        upload.bodyStream = source.body
        return upload
    }

    static let answer = FaultServer.Fault.json(#"{"data":{"ok":true}}"#)

    /// Sends a small request that leaves a kept-alive connection behind.
    static func warm(_ sender: any HTTPTransport, _ server: FaultServer) async throws {
        let first = HTTPRequest(
            method: .post, url: server.endpoint, body: Data(#"{"query":"{ ok }"}"#.utf8), operationName: "First",
            kind: .graphQL(.query))
        #expect(try await sender.send(first).statusCode == 200)
    }

    /// Each request framed one way only: a server may refuse one with both `Content-Length` and chunking.
    static func expectOneFraming(_ requests: [FaultServer.ReceivedRequest]) {
        for request in requests {
            let chunked = request.head.contains("\r\ntransfer-encoding: chunked")
            #expect(!(chunked && request.has("content-length")), "framed twice: \(request.head)")
        }
    }

    /// URLSession sends again on its own; AsyncHTTPClient leaves a request that failed this way to the client's
    /// retry policy.
    @Test("an upload on a kept-alive connection the server closed unanswered is sent again, whole, on a new one")
    func resentAfterAClosedConnection() async throws {
        // The first request leaves a kept-alive connection; the server reads the upload on it and closes it.
        try await FaultServer.with([Self.answer, .raw([]), Self.answer]) { server in
            let sender = TestTransport.urlSession.make()
            try await Self.warm(sender, server)

            let source = PieceSource(Self.payload)
            let response = try await sender.send(Self.upload(to: server.endpoint, source))
            #expect(response.statusCode == 200)
            let received = server.receivedRequests
            #expect(received.count == 3, "the upload was not sent again")
            #expect(
                received.dropFirst().allSatisfy { $0.body == Self.payload }, "an upload sent was not the whole body")
            Self.expectOneFraming(received)
        }
    }

    @Test(
        "an upload redirected with 307 or 308 goes to the new address with its method and its whole body",
        arguments: TestTransport.allCases, [307, 308])
    func resentAfterARedirect(transport: TestTransport, status: Int) async throws {
        try await FaultServer.with([
            .response(status: status, headers: [("Location", "/moved")]), Self.answer,
        ]) { server in
            let source = PieceSource(Self.payload)
            let response = try await transport.make().send(Self.upload(to: server.endpoint, source))
            #expect(response.statusCode == 200)
            let received = server.receivedRequests
            #expect(received.count == 2, "the redirect was not followed")
            #expect(received.last?.head.hasPrefix("post /moved ") == true, "not posted to the new address")
            #expect(received.map(\.body) == [Self.payload, Self.payload], "an upload sent was not the whole body")
            Self.expectOneFraming(received)
        }
    }

    @Test(
        "an upload whose source cannot be read again when redirected fails with the source's error, not a network one",
        arguments: TestTransport.allCases)
    func sourceGoneOnResend(transport: TestTransport) async throws {
        try await FaultServer.with([
            .response(status: 307, headers: [("Location", "/moved")]), Self.answer,
        ]) { server in
            let source = PieceSource(Self.payload)
            source.refuse(fromOpening: 2)
            let error = await #expect(throws: (any Error).self) {
                try await transport.make().send(Self.upload(to: server.endpoint, source))
            }
            // The source's error itself, or (from AsyncHTTPClient) a `URLError` that carries it.
            let sourceError =
                error as? CocoaError ?? (error as? URLError)?.userInfo[NSUnderlyingErrorKey] as? CocoaError
            #expect(sourceError?.code == .fileNoSuchFile, "not the source's error: \(String(describing: error))")
            #expect(server.receivedRequests.count == 1, "a request went out without its body")
        }
    }

    @Test(
        "a GraphQL POST redirected with 307 reaches the new address with its body, not an empty one",
        arguments: TestTransport.allCases)
    func dataBodyRedirected(transport: TestTransport) async throws {
        try await FaultServer.with([.response(status: 307, headers: [("Location", "/moved")]), Self.answer]) { server in
            let body = Data(#"{"query":"mutation { like }"}"#.utf8)
            let request = HTTPRequest(
                method: .post, url: server.endpoint, headers: ["Content-Type": "application/json"], body: body,
                operationName: "Like", kind: .graphQL(.mutation))
            let response = try await transport.make().send(request)
            #expect(response.statusCode == 200)
            #expect(server.receivedRequests.map(\.body) == [Array(body), Array(body)])
        }
    }

    @Test(
        "an upload redirected to another origin arrives there whole without the Authorization and Cookie fields",
        arguments: TestTransport.allCases)
    func redirectedToAnotherOrigin(transport: TestTransport) async throws {
        try await FaultServer.with([Self.answer]) { elsewhere in
            try await FaultServer.with([
                .response(status: 307, headers: [("Location", elsewhere.endpoint.absoluteString)])
            ]) { server in
                var upload = Self.upload(to: server.endpoint, PieceSource(Self.payload))
                upload.headers["Authorization"] = "Bearer secret"
                upload.headers["Cookie"] = "session=secret"
                #expect(try await transport.make().send(upload).statusCode == 200)
                #expect(server.receivedRequests.first?.has("authorization") == true)
                let moved = try #require(elsewhere.receivedRequests.first)
                #expect(moved.body == Self.payload)
                #expect(!moved.has("authorization") && !moved.has("cookie"), "credentials sent to another origin")
            }
        }
    }

    @Test(
        "an upload redirected in a circle fails as too many redirects instead of sending forever",
        arguments: TestTransport.allCases)
    func redirectCycle(transport: TestTransport) async throws {
        try await FaultServer.with([
            .response(status: 307, headers: [("Location", "/a")]), .response(status: 307, headers: [("Location", "/")]),
        ]) { server in
            await #expect {
                try await transport.make().send(Self.upload(to: server.endpoint, PieceSource(Self.payload)))
            } throws: { error in
                (error as? URLError)?.code == .httpTooManyRedirects
            }
            #expect(server.receivedRequests.count <= 21)
        }
    }
}
