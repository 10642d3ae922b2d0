import APICoreKit
import AsyncHTTPClient
import Foundation
import NIOCore

extension HTTPBodyStream {
    /// The body as AsyncHTTPClient sends it: read a chunk at a time as the connection takes them, with its
    /// length as `Content-Length`. Each request AsyncHTTPClient makes of it starts a new reader.
    var clientBody: HTTPClientRequest.Body {
        .stream(HTTPBodyChunks(body: self), length: .known(Int64(length)))
    }
}

/// The chunks of one ``HTTPBodyStream``, for AsyncHTTPClient; the reader opens on the first chunk asked for.
struct HTTPBodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// How much is read from the source at a time.
    static let chunkSize = 64 * 1024

    let body: HTTPBodyStream

    func makeAsyncIterator() -> Iterator {
        Iterator(body: body)
    }

    /// Reads the body from its start; closes the reader at the end, on a failure, or when dropped.
    final class Iterator: AsyncIteratorProtocol {
        private let body: HTTPBodyStream
        private var reader: (any HTTPBodyReader)?
        private var finished = false

        init(body: HTTPBodyStream) {
            self.body = body
        }

        func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            do {
                let reader = try self.reader ?? body.makeReader()
                self.reader = reader
                let chunk = try reader.read(upTo: HTTPBodyChunks.chunkSize)
                guard !chunk.isEmpty else {
                    end()
                    return nil
                }
                return ByteBuffer(bytes: chunk)
            } catch {
                end()
                throw error
            }
        }

        private func end() {
            finished = true
            reader?.close()
            reader = nil
        }

        deinit {
            reader?.close()
        }
    }
}
