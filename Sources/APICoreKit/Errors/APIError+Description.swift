import Foundation

extension APIError {
    /// One line saying what failed and where, safe to log: no headers, tokens, variables or bodies.
    public var description: String {
        var parts: [String] = []
        let subject = operationName.map { "'\($0)'" } ?? "request"
        switch code {
        case .network: parts.append("\(subject) failed: network error")
        case .httpStatus: parts.append("\(subject) failed: HTTP status \(statusCode.map(String.init) ?? "?")")
        case .graphQL:
            // Server messages can quote variable values ("got invalid value ..."), so only codes and paths appear.
            let summaries = graphQLErrors.prefix(3).map(Self.summary(of:)).joined(separator: "; ")
            parts.append("\(subject) failed with \(graphQLErrors.count) GraphQL error(s): \(summaries)")
        case .parsing:
            parts.append("\(subject) failed: malformed JSON at byte \(byteOffset.map(String.init) ?? "?")")
        case .decoding: parts.append("\(subject) failed: response data does not match the operation")
        case .invalidResponse: parts.append("\(subject) failed: not a valid response")
        case .responseTooLarge: parts.append("\(subject) failed: response too large")
        case .noData: parts.append("\(subject) failed: no data in the response")
        case .mappingFailed: parts.append("\(subject) failed: mapping to the domain model failed")
        case .cancelled: parts.append("\(subject) was cancelled")
        case .timeout: parts.append("\(subject) timed out")
        case .unauthorized: parts.append("\(subject) failed: unauthorized")
        case .invalidRequest: parts.append("\(subject) could not be built")
        case .persistedQueryNotFound: parts.append("\(subject) failed: the server does not know its persisted-query id")
        case .cacheMiss: parts.append("\(subject) failed: not in the cache")
        case .cacheFailure: parts.append("\(subject) failed: cache error")
        default: parts.append("\(subject) failed: \(code)")
        }
        if let reason { parts.append(reason) }
        if code != .httpStatus, let statusCode { parts.append("HTTP status \(statusCode)") }
        return parts.joined(separator: ", ")
    }

    /// The description plus the GraphQL error messages, the underlying error and the first bytes of the response body,
    /// for local debugging only.
    public var debugDescription: String {
        var text = description
        for error in graphQLErrors { text += "\nGraphQL error: \(error)" }
        if let underlying { text += "\nunderlying: \(String(reflecting: underlying))" }
        if let responseBodyPrefix, !responseBodyPrefix.isEmpty {
            text += "\nresponse body starts: \(String(decoding: responseBodyPrefix, as: UTF8.self))"
        }
        return text
    }

    /// An error's code and path, without its message.
    private static func summary(of error: GraphQLError) -> String {
        let code = error.code ?? "no code"
        guard let path = error.path, !path.isEmpty else { return code }
        return "\(code) at \(path)"
    }
}

extension APIError: LocalizedError {
    /// The same redacted line as ``description``, so that `localizedDescription` (and an alert built from it) says
    /// what failed instead of a generic message, and still shows no headers, tokens, variables or bodies.
    public var errorDescription: String? { description }
}
