import APICoreKit

/// Why a kit's service could not answer, in the terms a view model shows: no transport or GraphQL type in it.
public enum ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The object does not exist (or is not visible to this user).
    case notFound(kind: String, id: String)
    /// Neither backend answered; `reason` is safe to show and log (it carries no credentials or variables).
    case unavailable(reason: String)
    /// The backend answered with data the app cannot use.
    case invalidData(reason: String)

    /// A sentence a screen can show or a log can keep; it carries no credentials or variables.
    public var description: String {
        switch self {
        case .notFound(let kind, let id): "no \(kind) with id \(id)"
        case .unavailable(let reason): "the service is unavailable: \(reason)"
        case .invalidData(let reason): "the service answered with unusable data: \(reason)"
        }
    }
}

extension ServiceError {
    /// The service error for an API error: what a screen can say, with no request detail (``APIError``'s
    /// description carries no token, header, variable or server message).
    public init(_ error: APIError) {
        switch error.code {
        case .decoding, .parsing, .mappingFailed, .invalidResponse, .noData:
            self = .invalidData(reason: "\(error)")
        default:
            self = .unavailable(reason: "\(error)")
        }
    }
}

extension ServiceError {
    /// The service error behind a screen model's failure (an `APIQueryModel`'s or `APIPagedQueryModel`'s): the kit's
    /// own error when the kit's source threw it, else the service error for the client's.
    public init(modelFailure failure: APIError) {
        self = failure.underlying as? ServiceError ?? ServiceError(failure)
    }
}

extension ServiceError {
    /// Runs an API call for the `kind` object with `id`: a 404 becomes ``notFound(kind:id:)`` and any other API error
    /// the service error for it.
    public static func mapping<Value>(
        kind: String, id: String, _ call: () async throws(APIError) -> Value
    ) async throws(ServiceError) -> Value {
        do {
            return try await call()
        } catch {
            if error.statusCode == 404 { throw .notFound(kind: kind, id: id) }
            throw ServiceError(error)
        }
    }
}
