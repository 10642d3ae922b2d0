import APICoreKit
import Foundation

/// A GraphQL request as a transport received it, read back from its POST body or GET query parameters, so that tests
/// can assert on the variables a feature kit sent.
public struct RecordedGraphQLRequest: Sendable, Hashable {
    /// The HTTP method: POST, or GET for queries sent in the URL.
    public let method: HTTPMethod
    /// The `operationName` parameter, when the request had one.
    public let operationName: String?
    /// The `query` parameter: the document text, or `nil` for a hash-only persisted query.
    public let query: String?
    /// The `variables` parameter; empty when the request had none.
    public let variables: JSONObject
    /// The `extensions` parameter (the persisted-query hash, for one); empty when the request had none.
    public let extensions: JSONObject

    /// A recorded request with the given members.
    public init(
        method: HTTPMethod,
        operationName: String?,
        query: String?,
        variables: JSONObject = JSONObject(),
        extensions: JSONObject = JSONObject()
    ) {
        self.method = method
        self.operationName = operationName
        self.query = query
        self.variables = variables
        self.extensions = extensions
    }

    /// Reads a GraphQL request back; `nil` for a REST request, or a body or URL that holds no GraphQL parameters.
    public init?(_ request: HTTPRequest) {
        guard case .graphQL = request.kind else { return nil }
        let parameters: JSONObject
        if request.method == .get {
            guard let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems else {
                return nil
            }
            parameters = Self.parameters(fromQueryItems: items)
        } else {
            guard let body = request.body, let object = try? JSONReader().read(body).objectValue else { return nil }
            parameters = object
        }
        self.init(
            method: request.method,
            operationName: parameters["operationName"]?.stringValue,
            query: parameters["query"]?.stringValue,
            variables: parameters["variables"]?.objectValue ?? JSONObject(),
            extensions: parameters["extensions"]?.objectValue ?? JSONObject())
    }

    /// The GET parameters as a POST body would carry them: `variables` and `extensions` are JSON text in the URL.
    private static func parameters(fromQueryItems items: [URLQueryItem]) -> JSONObject {
        var parameters = JSONObject()
        for item in items {
            guard let value = item.value else { continue }
            switch item.name {
            case "query", "operationName":
                parameters[item.name] = .string(value)
            case "variables", "extensions":
                if let json = try? JSONReader().read(value) { parameters[item.name] = json }
            default:
                continue
            }
        }
        return parameters
    }
}
