import APICoreGraphQL
import APICoreJSON
import Foundation

/// An ``HTTPBodyStream`` as the `InputStream` that `URLSession` reads a request body from (`httpBodyStream`): opened
/// by the session, read a chunk at a time as the connection takes them, so an upload from disk never sits in memory
/// whole.
///
/// When the body's source fails (a file that shrank), the read fails and ``failure`` keeps the error, which the
/// transport throws instead of the session's less telling one. When the session must send the body again (on a new
/// connection after a kept-alive one closed, after a redirect that keeps the method), its ``origin`` gives it the
/// same body from its start (``Origin/restarted()``), whose failures ``failure`` reports too.
///
/// The session opens, reads and closes the stream from one thread at a time; `failure` is behind a mutex for the
/// transport, which reads it from another thread once the task has ended.
final class HTTPBodyInputStream: InputStream {
    /// What makes this stream again from its start.
    let origin: Origin
    private var reader: (any HTTPBodyReader)?
    private var status: Stream.Status = .notOpen
    private var failed: Lock<(any Error)?> { origin.failed }

    /// The body a stream reads and the error its source failed with, shared by every stream made of it: what the
    /// session's delegate keeps to give the session the body again.
    struct Origin: Sendable {
        let body: HTTPBodyStream
        let failed: Lock<(any Error)?>

        /// A new stream of the body from its start; `nil` when the source cannot be opened again (a file that is
        /// gone), whose error every stream's ``failure`` then reports.
        func restarted() -> HTTPBodyInputStream? {
            do {
                return try HTTPBodyInputStream(self)
            } catch {
                failed.withLock { $0 = error }
                return nil
            }
        }
    }

    /// A stream of `body`, whose reader opens now, so that a source that cannot be opened fails before the request
    /// starts.
    convenience init(_ body: HTTPBodyStream) throws {
        try self.init(Origin(body: body, failed: Lock(nil)))
    }

    private init(_ origin: Origin) throws {
        self.origin = origin
        reader = try origin.body.makeReader()
        super.init(data: Data())
    }

    /// The error the body's source failed with, if it did.
    var failure: (any Error)? { failed.withLock { $0 } }

    override func open() {
        guard status == .notOpen else { return }
        status = .open
    }

    override func close() {
        reader?.close()
        reader = nil
        if status != .error { status = .closed }
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { failure }

    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        if status == .notOpen { open() }
        guard status == .open, let reader else { return status == .atEnd ? 0 : -1 }
        do {
            let chunk = try reader.read(upTo: length)
            guard !chunk.isEmpty else {
                status = .atEnd
                return 0
            }
            chunk.copyBytes(to: buffer, count: chunk.count)
            return chunk.count
        } catch {
            fail(error)
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
        length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    #if canImport(Darwin)
        // Apple's `Stream` declares these as methods to override; swift-corelibs-foundation does not.
        override func property(forKey key: Stream.PropertyKey) -> Any? { nil }

        override func setProperty(_ property: Any?, forKey key: Stream.PropertyKey) -> Bool { false }
    #endif

    // Reads never wait, so there is nothing to schedule.
    override func schedule(in runLoop: RunLoop, forMode mode: RunLoop.Mode) {}

    override func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {}

    private func fail(_ error: any Error) {
        failed.withLock { $0 = error }
        status = .error
        reader?.close()
        reader = nil
    }
}
