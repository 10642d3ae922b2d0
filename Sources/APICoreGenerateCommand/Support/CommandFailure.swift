import ArgumentParser

/// A failure a subcommand reports itself: one message for standard error and the status to exit with.
package struct CommandFailure: Error {
    /// The whole line for standard error, `error: ...` or `file:line:column: error: ...`.
    package let message: String
    /// The status to exit with.
    package let exitCode: ExitCode

    /// A failure with its whole message line and exit status.
    package init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Wrong input (exit 1), at `location` when the input is a text with positions.
    package static func invalidInput(_ message: String, at location: SourceLocation? = nil) -> CommandFailure {
        let prefix = location.map { "\($0): " } ?? ""
        return CommandFailure(message: "\(prefix)error: \(message)", exitCode: ExitCode(1))
    }

    /// A file that cannot be read (exit 2).
    package static func unreadableFile(_ path: String, role: String, reason: String) -> CommandFailure {
        CommandFailure(message: "error: cannot read the \(role) file '\(path)': \(reason)", exitCode: ExitCode(2))
    }

    /// Prints the message to standard error.
    package func report() {
        StandardStreams.writeLine(message, to: .error)
    }
}
