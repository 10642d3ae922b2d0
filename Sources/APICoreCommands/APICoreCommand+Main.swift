import APICoreGenerateCommand
import ArgumentParser
import Foundation

extension APICoreCommand {
    /// The exit status of usage errors: `apicore` documents 2, where ArgumentParser uses `EX_USAGE` (64).
    static let usageErrorStatus: Int32 = 2

    /// Runs `apicore` with the process's arguments and exits with its status; the network subcommands use
    /// `transports`.
    ///
    /// It behaves like ArgumentParser's `main()`, with one difference: usage errors (an unknown or missing option, a
    /// value that fails validation) exit with 2 rather than 64, as every `apicore` subcommand documents. (It has a
    /// name of its own because `await APICoreCommand.main()` in top-level code picks ArgumentParser's synchronous
    /// `main()`, which refuses asynchronous commands.)
    public static func runMain(transports: CommandTransports = .platform) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let exitStatus = await CommandTransports.$current.withValue(transports) {
            await Self.status(running: arguments)
        }
        terminateProcess(exitStatus)
    }

    /// Parses `arguments`, runs the chosen subcommand and returns the exit status; help and error messages are
    /// printed as ArgumentParser prints them.
    static func status(running arguments: [String]) async -> Int32 {
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitCode.success.rawValue
        } catch {
            return report(error)
        }
    }

    /// Prints the message ArgumentParser has for `error` and returns the status to exit with.
    private static func report(_ error: any Error) -> Int32 {
        let exitCode = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if exitCode.isSuccess {
                StandardStreams.writeLine(message, to: .output)
            } else {
                StandardStreams.writeLine(message, to: .error)
            }
        }
        return exitCode == .validationFailure ? usageErrorStatus : exitCode.rawValue
    }
}

/// Ends the process with `status`; a free function, because inside a command `exit` means ArgumentParser's.
private func terminateProcess(_ status: Int32) -> Never {
    exit(status)
}
