import Foundation

/// Removes secrets from what the logging interceptor writes: credentials in headers, and variables and tokens in URLs.
public struct Redaction: Sendable {
    /// Header names whose values are never logged (compared without case).
    public var headerNames: Set<String>
    /// Substrings that make any header or query-item name secret (`token`, `secret`, `key`, `password`).
    public var secretNameFragments: [String]
    /// Query-item names whose values are never logged: GraphQL GET requests carry variables there.
    public var queryItemNames: Set<String>

    /// The defaults: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, and any name containing `token`,
    /// `secret`, `password`, `apikey`/`api-key`, or `session`; `variables` and `extensions` in URLs.
    public init(
        headerNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        secretNameFragments: [String] = ["token", "secret", "password", "apikey", "api-key", "api_key", "session"],
        queryItemNames: Set<String> = ["variables", "extensions"]
    ) {
        self.headerNames = headerNames
        self.secretNameFragments = secretNameFragments
        self.queryItemNames = queryItemNames
    }

    /// The placeholder logged instead of a secret.
    public static let placeholder = "<redacted>"

    func isSecret(name: String) -> Bool {
        let lowered = name.lowercased()
        return headerNames.contains(lowered) || secretNameFragments.contains { lowered.contains($0) }
    }

    /// The headers with every secret value replaced.
    public func redact(_ headers: HTTPHeaders) -> [(String, String)] {
        headers.map { ($0.name, isSecret(name: $0.name) ? Self.placeholder : $0.value) }
    }

    /// The URL with secret query-item values replaced.
    public func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems, !items.isEmpty
        else { return url.absoluteString }
        components.queryItems = items.map { item in
            let secret = queryItemNames.contains(item.name.lowercased()) || isSecret(name: item.name)
            return secret ? URLQueryItem(name: item.name, value: Self.placeholder) : item
        }
        return components.string ?? url.absoluteString
    }

    /// A JSON request body with its `variables` (and any secret-named member) replaced, for trace logging.
    public func redact(jsonBody body: Data) -> String {
        guard let value = try? JSONReader().read(body) else { return "<\(body.count) bytes>" }
        return JSONWriter().string(redact(value, depth: 0))
    }

    private func redact(_ value: JSONValue, depth: Int) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var result = JSONObject()
        for (key, member) in object.members {
            if (depth == 0 && key == "variables") || isSecret(name: key) {
                result[key] = .string(Self.placeholder)
            } else {
                result[key] = redact(member, depth: depth + 1)
            }
        }
        return .object(result)
    }
}
