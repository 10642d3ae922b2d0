import APICoreKit
import Foundation

/// A GraphQL request as a transport received it, read back from its POST body (JSON, or the `multipart/form-data`
/// of an upload) or GET query parameters, so that tests can assert on the variables and files a feature kit sent.
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
    /// The files of an upload, in the order of their parts; empty for a request without files. The variables hold
    /// `null` at each file's paths, as the GraphQL multipart request spec sends them.
    public let files: [RecordedGraphQLFile]

    /// A recorded request with the given members.
    public init(
        method: HTTPMethod,
        operationName: String?,
        query: String?,
        variables: JSONObject = JSONObject(),
        extensions: JSONObject = JSONObject(),
        files: [RecordedGraphQLFile] = []
    ) {
        self.method = method
        self.operationName = operationName
        self.query = query
        self.variables = variables
        self.extensions = extensions
        self.files = files
    }

    /// Reads a GraphQL request back; `nil` for a REST request, or a body or URL that holds no GraphQL parameters.
    ///
    /// A streamed body is not read here (reading it again would report upload progress again): ``InMemoryTransport``
    /// records an upload with the bytes it read as its `body`.
    public init?(_ request: HTTPRequest) {
        guard case .graphQL = request.kind else { return nil }
        let parameters: JSONObject
        var files: [RecordedGraphQLFile] = []
        if request.method == .get {
            guard let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems else {
                return nil
            }
            parameters = Self.parameters(fromQueryItems: items)
        } else if let contentType = request.headers["Content-Type"], contentType.lowercased().hasPrefix("multipart/") {
            guard let body = request.body, let upload = Self.upload(body, contentType: contentType) else { return nil }
            (parameters, files) = upload
        } else {
            guard let body = request.body, let object = try? JSONReader().read(body).objectValue else { return nil }
            parameters = object
        }
        self.init(
            method: request.method,
            operationName: parameters["operationName"]?.stringValue,
            query: parameters["query"]?.stringValue,
            variables: parameters["variables"]?.objectValue ?? JSONObject(),
            extensions: parameters["extensions"]?.objectValue ?? JSONObject(),
            files: files)
    }

    /// The `operations` and the files of an upload's body; `nil` when it does not follow the multipart request spec.
    private static func upload(_ body: Data, contentType: String) -> (JSONObject, [RecordedGraphQLFile])? {
        guard let form = FormDataBody(body, contentType: contentType),
            let operations = form.parts.first(where: { $0.name == "operations" }),
            let parameters = try? JSONReader().read(operations.contents).objectValue,
            let mapPart = form.parts.first(where: { $0.name == "map" }),
            let map = try? JSONReader().read(mapPart.contents).objectValue
        else { return nil }
        var files: [RecordedGraphQLFile] = []
        for part in form.parts where part.name != "operations" && part.name != "map" {
            guard let paths = map[part.name]?.arrayValue?.compactMap(\.stringValue) else { return nil }
            files.append(
                RecordedGraphQLFile(
                    paths: paths, fileName: part.fileName, contentType: part.contentType, contents: part.contents))
        }
        return (parameters, files)
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
