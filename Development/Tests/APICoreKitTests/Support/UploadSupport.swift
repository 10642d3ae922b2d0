import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON

/// Keeps every request that passes it, and reads back the multipart upload bodies among them.
final class RequestRecorder: APIInterceptor {
    private let recorded = Lock<[HTTPRequest]>([])

    var requests: [HTTPRequest] { recorded.withLock { $0 } }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await next(request)
    }
}

/// A multipart upload body as a test reads it back: each part's name, file name, content type and content.
struct UploadedBody {
    struct Part {
        var name: String
        var fileName: String?
        var contentType: String?
        var content: Data
    }

    var parts: [Part]

    /// Reads a request's streamed body (whole: test files are small) and splits it at the boundary of its
    /// `Content-Type`.
    init(_ request: HTTPRequest) throws {
        let contentType = try #require(request.headers["Content-Type"])
        let boundary = try #require(contentType.split(separator: "boundary=").last.map(String.init))
        let stream = try #require(request.bodyStream)
        let reader = try stream.makeReader()
        defer { reader.close() }
        var body = Data()
        while case let chunk = try reader.read(upTo: 65_536), !chunk.isEmpty { body.append(chunk) }
        precondition(body.count == stream.length, "the body is not as long as it says")
        let delimiter = Data("\r\n--\(boundary)".utf8)
        var rest = Data("\r\n".utf8) + body
        var parts: [Part] = []
        while let range = rest.range(of: delimiter) {
            let piece = rest[rest.startIndex..<range.lowerBound]
            rest = rest[range.upperBound...]
            guard let split = piece.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: piece[piece.startIndex..<split.lowerBound], as: UTF8.self)
            var part = Part(name: "", content: Data(piece[split.upperBound...]))
            for line in head.split(separator: "\r\n") {
                if line.hasPrefix("Content-Type: ") { part.contentType = String(line.dropFirst(14)) }
                if line.hasPrefix("Content-Disposition: ") {
                    part.name = Self.parameter("name", in: line) ?? ""
                    part.fileName = Self.parameter("filename", in: line)
                }
            }
            parts.append(part)
        }
        self.parts = parts
    }

    /// The `map` part, decoded.
    var map: [String: [String]] {
        get throws {
            let part = try #require(parts.first { $0.name == "map" })
            return try JSONDecoder().decode([String: [String]].self, from: part.content)
        }
    }

    /// The `operations` part, read as JSON.
    var operations: JSONValue {
        get throws {
            let part = try #require(parts.first { $0.name == "operations" })
            return try JSONReader().read(part.content)
        }
    }

    /// The file parts.
    var files: [Part] { parts.filter { $0.fileName != nil } }

    private static func parameter(_ name: String, in line: Substring) -> String? {
        guard let start = line.range(of: "; \(name)=\"") else { return nil }
        let value = line[start.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }
}

/// Files for upload tests, in a folder of their own that goes away with the value.
final class UploadFiles: Sendable {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A file of `size` bytes of a repeating, seed-dependent pattern; returns its URL and bytes.
    func make(_ name: String, size: Int, seed: UInt8 = 0) throws -> (url: URL, bytes: Data) {
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
        let url = folder.appendingPathComponent(name)
        try bytes.write(to: url)
        return (url, bytes)
    }
}

extension Data {
    /// The SHA-256 hex digest, as the reference servers report it.
    var sha256: String { GraphQLSHA256.hexDigest(of: [UInt8](self)) }
}
