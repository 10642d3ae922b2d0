import Foundation

/// Removes secrets from what the logging interceptor writes: credentials in headers and URLs, variables and tokens in
/// URLs and GraphQL bodies; of REST bodies only the shape and size are logged.
public struct Redaction: Sendable {
    /// Header names whose values are never logged; stored lower-cased, so they match without regard to case.
    public var headerNames: Set<String> {
        didSet { headerNames = Self.lowercased(headerNames) }
    }
    /// Substrings that make any header, query-item or JSON member name secret (`token`, `secret`, `password`, ...);
    /// stored lower-cased.
    public var secretNameFragments: [String] {
        didSet { secretNameFragments = secretNameFragments.map { $0.lowercased() } }
    }
    /// Query-item names whose values are never logged (GraphQL GET requests carry variables there); stored
    /// lower-cased.
    public var queryItemNames: Set<String> {
        didSet { queryItemNames = Self.lowercased(queryItemNames) }
    }

    /// The defaults: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, and any name containing `token`,
    /// `secret`, `password`, `apikey`/`api-key`, or `session`; `variables` and `extensions` in URLs. Names are matched
    /// without regard to case.
    public init(
        headerNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        secretNameFragments: [String] = ["token", "secret", "password", "apikey", "api-key", "api_key", "session"],
        queryItemNames: Set<String> = ["variables", "extensions"]
    ) {
        self.headerNames = Self.lowercased(headerNames)
        self.secretNameFragments = secretNameFragments.map { $0.lowercased() }
        self.queryItemNames = Self.lowercased(queryItemNames)
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

    /// The URL for a log line: user and password replaced, secret query-item values replaced, the fragment (which
    /// never reaches the server) left out.
    public func redact(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return Self.placeholder
        }
        var text = components.scheme.map { "\($0):" } ?? ""
        if let host = components.percentEncodedHost {
            text += "//"
            if components.percentEncodedUser != nil || components.percentEncodedPassword != nil {
                text += "\(Self.placeholder)@"
            }
            text += host
            if let port = components.port { text += ":\(port)" }
        }
        text += components.percentEncodedPath
        if let query = components.percentEncodedQuery {
            text += "?" + redact(percentEncodedQuery: query)
        }
        return text
    }

    private func redact(percentEncodedQuery query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let rawName = pair.prefix { $0 != "=" }
            let name = (rawName.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(rawName))
            let secret = queryItemNames.contains(name.lowercased()) || isSecret(name: name)
            return secret ? "\(rawName)=\(Self.placeholder)" : String(pair)
        }
        .joined(separator: "&")
    }

    /// A GraphQL request body for trace logging: `variables` of each operation (a batch is an array of them) and every
    /// secret-named member at any depth, inside arrays too, replaced.
    public func redact(jsonBody body: Data) -> String {
        guard let value = try? JSONReader().read(body) else { return "<\(body.count) bytes>" }
        return JSONWriter().string(redact(value, isOperation: true))
    }

    private func redact(_ value: JSONValue, isOperation: Bool) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object.members {
                if (isOperation && key == "variables") || isSecret(name: key) {
                    result[key] = .string(Self.placeholder)
                } else {
                    result[key] = redact(member, isOperation: false)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { redact($0, isOperation: isOperation) })
        default:
            return value
        }
    }

    /// A REST request body for trace logging: its shape and size only, never a value.
    ///
    /// REST bodies are what variables are to GraphQL: the caller's data (names, addresses, passwords under any
    /// name), so member names and value types are logged, values are not: `{"name":<string>,"tags":[2 items]}`.
    public func redact(restBody body: Data) -> String {
        guard let value = try? JSONReader().read(body) else { return "<\(body.count) bytes>" }
        var text = ""
        Self.describeShape(of: value, into: &text)
        return "\(text) (\(body.count) bytes)"
    }

    private static func describeShape(of value: JSONValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool: text += "<bool>"
        case .int, .double, .numberText: text += "<number>"
        case .string: text += "<string>"
        case .array(let elements): text += "[\(elements.count) items]"
        case .object(let object):
            text += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { text += "," }
                text += JSONWriter().string(.string(member.key)) + ":"
                describeShape(of: member.value, into: &text)
            }
            text += "}"
        }
    }

    private static func lowercased(_ names: Set<String>) -> Set<String> {
        Set(names.map { $0.lowercased() })
    }
}
