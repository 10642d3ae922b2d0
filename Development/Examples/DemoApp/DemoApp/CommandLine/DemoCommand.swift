import Foundation

/// What `apicore-demo` was asked to do, read from its arguments.
public enum DemoCommand: Sendable, Hashable {
    /// Start the demo server in this process and run the demo against it.
    case runInProcess
    /// Run the demo against the server whose GraphQL endpoint is the URL.
    case runAgainst(URL)
    /// Print the usage.
    case help

    /// The usage text of `apicore-demo`.
    public static let usage = """
        USAGE: apicore-demo [--endpoint <url>]

        Runs the APICoreKit demo: a profile over GraphQL and REST, an optimistic update, cache policies, a live
        price subscription, the entity store, a fallback to REST, offline answers from the SQLite cache and a
        comparison of the requests. Data lives in a temporary folder that is removed at the end.

        OPTIONS:
          --endpoint <url>  The GraphQL endpoint of a running demo server (http or https). REST is expected on the
                            same origin under /rest, subscriptions on the same URL over ws or wss. Without it, a
                            demo server is started in this process on a free port.
          -h, --help        Show this help.
        """

    /// The command `arguments` (without the program name) ask for.
    public static func parse(_ arguments: [String]) throws(DemoCommandError) -> DemoCommand {
        var remaining = arguments[...]
        var command = DemoCommand.runInProcess
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return .help
            case "--endpoint":
                guard let value = remaining.popFirst() else { throw DemoCommandError("--endpoint needs a URL") }
                command = .runAgainst(try endpoint(value))
            case let option where option.hasPrefix("--endpoint="):
                command = .runAgainst(try endpoint(String(option.dropFirst("--endpoint=".count))))
            default:
                throw DemoCommandError("unexpected argument '\(argument)'")
            }
        }
        return command
    }

    private static func endpoint(_ text: String) throws(DemoCommandError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { throw DemoCommandError("'\(text)' is not an http or https URL") }
        return url
    }
}

/// Arguments `apicore-demo` cannot use.
public struct DemoCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the arguments.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
