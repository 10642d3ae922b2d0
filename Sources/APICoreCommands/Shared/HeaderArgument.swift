import APICoreKit
import ArgumentParser

/// The `--header 'Name: Value'` arguments of `apicore query`.
enum HeaderArgument {
    /// The header fields, in order; a malformed argument is a usage error that names its position, never its value
    /// (header values are often tokens).
    static func parse(_ arguments: [String]) throws(ValidationError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (position, argument) in arguments.enumerated() {
            guard let colon = argument.firstIndex(of: ":") else {
                throw ValidationError("--header \(position + 1) has no ':'; write it as 'Name: Value'")
            }
            let name = argument[..<colon].trimmingWhitespace()
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                throw ValidationError("--header \(position + 1) has no valid field name before ':'")
            }
            let value = argument[argument.index(after: colon)...].trimmingWhitespace()
            guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }) else {
                throw ValidationError("--header \(position + 1) has a line break in its value")
            }
            headers.add(String(name), String(value))
        }
        return headers
    }

    /// Whether `byte` may appear in a field name (an RFC 9110 token).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
