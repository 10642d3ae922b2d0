import Foundation

/// The parameters of a GraphQL-over-HTTP request: document, operation name, variables and extensions.
struct GraphQLPayload: Sendable {
    var document: String?
    /// The `operationName` sent; `nil` for a document with one operation that the caller did not name.
    var operationName: String?
    var operationType: GraphQLOperationType
    var variables: JSONObject
    var extensions: JSONObject?
    /// The `onError` request parameter, sent only when set.
    var onError: GraphQLErrorBehavior?
    /// The name errors, logs and metrics give the operation when no `operationName` is sent: the one its document
    /// declares, found by scanning it.
    var declaredName: String?
    /// The files in the variables, by path; a payload with files is sent as a multipart upload.
    var files: [GraphQLFileUpload] = []

    /// The GraphQL-over-HTTP media type, whose bodies are trusted at any status.
    static let responseMediaType = "application/graphql-response+json"

    /// The media types a GraphQL client accepts, the spec's new one preferred.
    static let acceptHeader = "\(responseMediaType), application/json;q=0.9"

    /// The HTTP request carrying the payload: a JSON body by POST or QUERY, or URL query parameters for GET (added
    /// after the endpoint's own query, which is sent as written) with the operation named in `operationNameHeader`,
    /// unless the headers already have that field.
    ///
    /// A payload with files is always a `multipart/form-data` POST (``MultipartUploadBody``), whatever `method`
    /// says: neither GET nor QUERY carries files. It names the operation in `operationNameHeader` too: like a GET,
    /// a multipart POST is a request a browser sends without a preflight, which servers with CSRF prevention refuse
    /// without such a header.
    func httpRequest(
        endpoint: URL,
        method: GraphQLQueryMethod,
        headers: HTTPHeaders,
        operationNameHeader: String? = nil,
        isIdempotent: Bool?,
        uploadProgress: UploadProgressReporter? = nil
    ) throws(APIError) -> HTTPRequest {
        var headers = headers
        // Accept, and Content-Type or the operation name's field.
        headers.reserveCapacity(headers.count + 2)
        headers["Accept"] = Self.acceptHeader
        let name = self.name
        let writer = JSONWriter()
        if !files.isEmpty || method == .get, let operationNameHeader, !headers.contains(operationNameHeader) {
            headers[operationNameHeader] = name
        }
        if !files.isEmpty {
            return try uploadRequest(
                endpoint: endpoint, headers: headers, isIdempotent: isIdempotent, progress: uploadProgress)
        }
        if method == .get {
            var items: [URLQueryItem] = []
            if let document { items.append(URLQueryItem(name: "query", value: document)) }
            if let operationName { items.append(URLQueryItem(name: "operationName", value: operationName)) }
            if !variables.isEmpty {
                items.append(URLQueryItem(name: "variables", value: writer.string(.object(variables))))
            }
            if let extensions {
                items.append(URLQueryItem(name: "extensions", value: writer.string(.object(extensions))))
            }
            if let onError { items.append(URLQueryItem(name: "onError", value: onError.rawValue)) }
            guard let url = RequestURL.url(endpoint, addingQueryItems: items) else {
                throw APIError(.invalidRequest, operationName: name, reason: "cannot build the GET URL")
            }
            return HTTPRequest(
                method: .get, url: url, headers: headers, operationName: name, kind: .graphQL(operationType),
                isIdempotent: isIdempotent)
        }
        headers["Content-Type"] = "application/json"
        return HTTPRequest(
            method: method == .query ? .query : .post, url: endpoint, headers: headers, body: jsonBody(),
            operationName: name, kind: .graphQL(operationType), isIdempotent: isIdempotent)
    }

    /// The payload as the JSON body of a POST.
    func jsonBody() -> Data {
        // Room for the document and the name with their escapes and the members' punctuation, so that a body without
        // large variables is written into one allocation rather than grown through several.
        var bytes: [UInt8] = []
        bytes.reserveCapacity((document?.utf8.count ?? 0) * 9 / 8 + (operationName?.utf8.count ?? 0) + 96)
        JSONWriter().writeObject(
            [
                "query": document.map(JSONValue.string), "operationName": operationName.map(JSONValue.string),
                "variables": .object(variables), "extensions": extensions.map(JSONValue.object),
                "onError": onError.map { .string($0.rawValue) },
            ], into: &bytes)
        return Data(bytes)
    }

    /// The multipart POST of a payload with files; its body streams, files from disk, on each attempt.
    private func uploadRequest(
        endpoint: URL,
        headers: HTTPHeaders,
        isIdempotent: Bool?,
        progress: UploadProgressReporter?
    ) throws(APIError) -> HTTPRequest {
        let upload = try MultipartUploadBody(operations: jsonBody(), files: files, operationName: name)
        var headers = headers
        headers["Content-Type"] = upload.contentType
        var request = HTTPRequest(
            method: .post, url: endpoint, headers: headers, operationName: name, kind: .graphQL(operationType),
            isIdempotent: isIdempotent)
        progress?.start(totalBytes: upload.fileBytes)
        request.bodyStream = upload.stream(operationName: name, progress: progress)
        return request
    }

    /// The `persistedQuery` extension for a document hash.
    static func persistedQueryExtension(hash: String) -> JSONObject {
        ["persistedQuery": ["version": 1, "sha256Hash": .string(hash)]]
    }

    /// The operation's name in errors, logs and metrics: the one sent, else the one declared, else `anonymous query`
    /// (or mutation, subscription).
    var name: String {
        operationName ?? declaredName ?? "anonymous \(operationType.rawValue)"
    }
}
