import Foundation

/// The `Cache-Control` directives of a response that the normalized cache obeys: `max-age=N` bounds how long the
/// response's fields are served, `no-store` keeps the response out of the cache. Other directives are ignored.
struct CacheControlDirectives: Hashable {
    /// The response's `max-age`.
    var maxAge: Duration?
    /// Whether the response says `no-store`.
    var noStore = false

    /// The directives of every `Cache-Control` field of `headers`.
    init(headers: HTTPHeaders) {
        for field in headers where field.name.caseInsensitiveEquals("Cache-Control") {
            for directive in field.value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1)
                let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
                switch name {
                case "no-store":
                    noStore = true
                case "max-age":
                    let value = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                    let unquoted = value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    if let seconds = Int64(unquoted), seconds >= 0 {
                        maxAge = min(maxAge ?? .seconds(seconds), .seconds(seconds))
                    }
                default:
                    continue
                }
            }
        }
    }
}
