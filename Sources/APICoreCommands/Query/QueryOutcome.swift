import APICoreGenerateCommand
import APICoreKit
import ArgumentParser

/// What `apicore query` prints and how it exits, decided from the client's result.
///
/// | status | when |
/// |---|---|
/// | 0 | data without errors |
/// | 3 | partial data with errors |
/// | 4 | errors without data (also on a 4xx or 5xx status with a GraphQL body) |
/// | 5 | no usable response: network, timeout, HTTP failure without a GraphQL body, malformed JSON, not a GraphQL
/// |   | response, unauthorized |
/// | 1 | the request could not be built from the input |
struct QueryOutcome {
    /// The response JSON for standard output, when the server sent a GraphQL response.
    var output: JSONValue?
    /// Why the call failed, for standard error, if it did.
    var failureReason: String?
    /// The status to exit with.
    var exitCode: ExitCode

    static let partialDataStatus = ExitCode(3)
    static let errorsWithoutDataStatus = ExitCode(4)
    static let requestFailedStatus = ExitCode(5)
    static let invalidInputStatus = ExitCode(1)

    /// The outcome of a call that returned data; `body` is the response body as received, when it could be read.
    init(response: APIResponse<JSONValue>, body: JSONValue?) {
        output = body ?? Self.envelope(data: response.value, errors: response.errors, extensions: response.extensions)
        failureReason = nil
        exitCode = response.errors.isEmpty ? .success : Self.partialDataStatus
    }

    /// The outcome of a call that failed; `body` is the response body as received, when it could be read.
    init(error: APIError, body: JSONValue?) {
        failureReason = error.description
        switch error.code {
        case .graphQL:
            output = body ?? Self.envelope(data: nil, errors: error.graphQLErrors, extensions: JSONObject())
            exitCode = Self.errorsWithoutDataStatus
        case .invalidRequest, .invalidDocument:
            output = nil
            exitCode = Self.invalidInputStatus
        default:
            output = nil
            exitCode = Self.requestFailedStatus
        }
    }

    /// A response body rebuilt from its parts, for when the bytes themselves are not at hand.
    static func envelope(data: JSONValue?, errors: [GraphQLError], extensions: JSONObject) -> JSONValue {
        var body = JSONObject()
        if let data { body["data"] = data }
        if !errors.isEmpty { body["errors"] = .array(errors.map(\.jsonValue)) }
        if !extensions.isEmpty { body["extensions"] = .object(extensions) }
        return .object(body)
    }

    /// The message for standard error, if any.
    var errorMessage: String? {
        failureReason.map { "error: \($0)" }
    }

    /// Prints the output (pretty JSON, integers exact) and the message.
    func print() {
        if let output {
            var text = JSONWriter(options: JSONWriter.Options(prettyPrinted: true)).write(output)
            text.append(UInt8(ascii: "\n"))
            StandardStreams.write(text, to: .output)
        }
        if let errorMessage {
            StandardStreams.writeLine(errorMessage, to: .error)
        }
    }
}
