import Foundation

/// Reads lines from a pipe as they arrive, blocking until a whole line or the end of the pipe.
struct LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var atEnd = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its newline, or `nil` at the end of the pipe (a last line without a newline is dropped:
    /// it was cut short).
    mutating func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if atEnd { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                atEnd = true
            }
        }
    }
}
