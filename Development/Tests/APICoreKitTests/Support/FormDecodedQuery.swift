import APICoreTestSupport
import Foundation

extension ReferenceServerStats {
    /// The last request's query items as a server decodes them (form decoding: `+` is a space, then `%XX` bytes).
    var formDecodedQuery: [URLQueryItem] {
        guard let raw = lastQueryString, !raw.isEmpty else { return [] }
        return raw.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? "<malformed: \(spaced)>"
            }
            return URLQueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
        }
    }
}
