import APICoreCompiler
import Foundation

/// Writes to the process's standard output and standard error, unbuffered, so that output written before an exit is
/// never lost.
package enum StandardStreams {
    /// One of the two streams.
    package enum Stream {
        case output
        case error
    }

    /// Writes each diagnostic to standard error, `path:line:column: severity: message` as a compiler does.
    package static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            writeLine(diagnostic.description, to: .error)
        }
    }

    /// Writes `text` followed by a newline (unless it already ends with one).
    package static func writeLine(_ text: String, to stream: Stream) {
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        write(bytes, to: stream)
    }

    /// Writes `bytes` as they are.
    package static func write(_ bytes: [UInt8], to stream: Stream) {
        let handle: FileHandle =
            switch stream {
            case .output: .standardOutput
            case .error: .standardError
            }
        handle.write(Data(bytes))
    }
}
