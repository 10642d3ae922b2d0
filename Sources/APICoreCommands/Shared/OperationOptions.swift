import APICoreGenerateCommand
import APICoreKit
import ArgumentParser
import Foundation

/// The options `apicore query` and `apicore subscribe` share: the document, the operation, its variables and the
/// header fields sent.
struct OperationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The file holding the GraphQL document.", valueName: "file"))
    var document: String

    @Option(help: ArgumentHelp("The operation to run when the document has several.", valueName: "name"))
    var operation: String?

    @Option(help: ArgumentHelp("The variables, as a JSON object.", valueName: "json"))
    var variables: String?

    @Option(help: ArgumentHelp("A file holding the variables as a JSON object.", valueName: "file"))
    var variablesFile: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "A header field to send (with the WebSocket handshake for subscribe), as 'Name: Value' (repeatable).",
            valueName: "header"))
    var headers: [String] = []

    /// Rejects a malformed header and both kinds of variables at once.
    func validate() throws {
        _ = try HeaderArgument.parse(headers)
        if variables != nil, variablesFile != nil {
            throw ValidationError("use either --variables or --variables-file, not both")
        }
    }

    /// The header fields, validated.
    func headerFields() throws(ValidationError) -> HTTPHeaders {
        try HeaderArgument.parse(headers)
    }

    /// Reads the document's text and the variables; a file that cannot be read or parsed is reported on standard
    /// error and thrown as the command's exit code.
    func load() throws(ExitCode) -> (document: String, variables: JSONObject) {
        do throws(CommandFailure) {
            return (
                try InputFile.text(at: document, role: "document"),
                try QueryVariables.load(inline: variables, file: variablesFile)
            )
        } catch {
            error.report()
            throw error.exitCode
        }
    }
}

/// The `--endpoint` of a command: an absolute URL with one of the schemes it speaks.
enum EndpointArgument {
    /// `text` as a URL whose scheme is one of `schemes` (lowercase, as `http`, `https`) and which has a host.
    static func url(_ text: String, schemes: [String]) throws(ValidationError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme),
            url.host?.isEmpty == false
        else {
            throw ValidationError("--endpoint must be an absolute \(schemes.joined(separator: " or ")) URL")
        }
        return url
    }
}
