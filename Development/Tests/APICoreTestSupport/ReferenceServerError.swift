import Foundation

/// Why a reference server could not be prepared, started or queried.
///
/// The ``description`` names the step that failed and ends with the tail of the server's (or the bootstrap
/// script's) output, which is where Python explains itself.
public struct ReferenceServerError: Error, Sendable, CustomStringConvertible {
    /// The step that failed.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The name of the step.
        public let description: String

        /// `scripts/bootstrap-python.sh` failed, so the Python environment is not usable.
        public static let bootstrapFailed = Kind(description: "bootstrap failed")
        /// The server process could not be launched at all.
        public static let launchFailed = Kind(description: "launch failed")
        /// The server process exited before printing its `LISTENING` line.
        public static let exitedEarly = Kind(description: "exited early")
        /// No `LISTENING` line arrived in time.
        public static let startTimedOut = Kind(description: "start timed out")
        /// A control request (such as statistics) failed or answered something unexpected.
        public static let controlRequestFailed = Kind(description: "control request failed")
        /// The certificates of a TLS server could not be made.
        public static let certificatesFailed = Kind(description: "certificates failed")
    }

    /// The step that failed.
    public let kind: Kind
    /// What went wrong, in one sentence.
    public let message: String
    /// The last lines the process wrote to its standard error (or combined output), possibly empty.
    public let outputTail: String

    init(_ kind: Kind, _ message: String, outputTail: String = "") {
        self.kind = kind
        self.message = message
        self.outputTail = outputTail
    }

    /// The kind, the message and, when there is one, the output tail.
    public var description: String {
        let head = "ReferenceServerError (\(kind)): \(message)"
        let tail = outputTail.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? head : "\(head)\n--- output tail ---\n\(tail)"
    }
}
