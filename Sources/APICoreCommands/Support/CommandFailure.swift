import ArgumentParser

/// A failure a subcommand reports itself: one message for standard error and the status to exit with.
struct CommandFailure: Error {
    /// The whole line for standard error, `error: ...` or `file:line:column: error: ...`.
    let message: String
    /// The status to exit with.
    let exitCode: ExitCode

    /// Wrong input (exit 1), at `location` when the input is a text with positions.
    static func invalidInput(_ message: String, at location: SourceLocation? = nil) -> CommandFailure {
        let prefix = location.map { "\($0): " } ?? ""
        return CommandFailure(message: "\(prefix)error: \(message)", exitCode: ExitCode(1))
    }

    /// A file that cannot be read (exit 2).
    static func unreadableFile(_ path: String, role: String, reason: String) -> CommandFailure {
        CommandFailure(message: "error: cannot read the \(role) file '\(path)': \(reason)", exitCode: ExitCode(2))
    }

    /// Prints the message to standard error.
    func report() {
        StandardStreams.writeLine(message, to: .error)
    }
}
