import Crypto
import Foundation
import GraphQL

/// A GraphQL multipart request, by the GraphQL multipart request spec: a `multipart/form-data` body whose
/// `operations` part is the usual JSON request with `null` where each file goes, whose `map` part names, for each
/// file part, the paths it fills (`{"0": ["variables.file"]}`), and whose other parts are the files.
///
/// The server keeps no file: at each mapped path it puts what ``DemoUploadScalar`` reads, a description of the part
/// (its file name, content type, size and SHA-256 digest).
struct DemoMultipartRequest {
    /// The operation, its mapped variables filled in.
    let parameters: DemoGraphQLRoutes.Parameters

    /// The media type of the body this type reads.
    static let mediaType = "multipart/form-data"

    /// Reads `body`, sent with the `Content-Type` header `contentType`; throws a ``DemoMultipartError`` saying what is
    /// wrong with it.
    init(body: Data, contentType: String) throws(DemoMultipartError) {
        let parts = try Self.parts(of: body, boundary: Self.boundary(in: contentType))
        guard let operations = parts.first(where: { $0.name == "operations" }) else {
            throw DemoMultipartError("the body has no `operations` part")
        }
        guard let mapPart = parts.first(where: { $0.name == "map" }) else {
            throw DemoMultipartError("the body has no `map` part")
        }
        if (try? JSONSerialization.jsonObject(with: operations.body)) is [Any] {
            throw DemoMultipartError("batched operations are not supported: `operations` must be one JSON object")
        }
        guard var parameters = try? JSONDecoder().decode(DemoGraphQLRoutes.Parameters.self, from: operations.body)
        else {
            throw DemoMultipartError("`operations` must be a JSON object with a `query` or a persisted-query id")
        }
        guard let map = try? JSONDecoder().decode([String: [String]].self, from: mapPart.body) else {
            throw DemoMultipartError("`map` must be a JSON object whose values are arrays of paths")
        }
        var variables = Map.dictionary(.init(uniqueKeysWithValues: (parameters.variables ?? [:]).map { ($0, $1) }))
        for (key, paths) in map.sorted(by: { $0.key < $1.key }) {
            guard let file = parts.first(where: { $0.name == key && $0.fileName != nil }) else {
                throw DemoMultipartError("`map` names the file part \"\(key)\", which the body does not hold")
            }
            let received = DemoUploadScalar.map(for: file.avatar)
            for path in paths {
                let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard components.count > 1, components[0] == "variables" else {
                    throw DemoMultipartError("the path \"\(path)\" is not under `variables`")
                }
                variables = try Self.setting(received, at: components.dropFirst(), in: variables, path: path)
            }
        }
        parameters.variables = variables.dictionary.map { Dictionary(uniqueKeysWithValues: $0.map { ($0, $1) }) }
        self.parameters = parameters
    }

    /// `container` with the `null` at `components` replaced by `value`.
    private static func setting(
        _ value: Map, at components: ArraySlice<String>, in container: Map, path: String
    ) throws(DemoMultipartError) -> Map {
        guard let component = components.first else {
            guard container == .null else { throw DemoMultipartError("the value at \"\(path)\" is not null") }
            return value
        }
        switch container {
        case .dictionary(var entries):
            guard let child = entries[component] else {
                throw DemoMultipartError("the operation has no value at \"\(path)\"")
            }
            entries[component] = try setting(value, at: components.dropFirst(), in: child, path: path)
            return .dictionary(entries)
        case .array(var items):
            guard let index = Int(component), items.indices.contains(index) else {
                throw DemoMultipartError("the operation has no value at \"\(path)\"")
            }
            items[index] = try setting(value, at: components.dropFirst(), in: items[index], path: path)
            return .array(items)
        default:
            throw DemoMultipartError("the operation has no value at \"\(path)\"")
        }
    }

    // MARK: - multipart/form-data

    /// One part of the body.
    private struct Part {
        var name: String
        var fileName: String?
        var contentType: String?
        var body: Data

        var avatar: DemoAvatar {
            let digest = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
            return DemoAvatar(
                fileName: fileName ?? "", contentType: contentType ?? "application/octet-stream",
                byteCount: body.count, sha256: digest)
        }
    }

    /// The boundary parameter of a `multipart/form-data` content type.
    private static func boundary(in contentType: String) throws(DemoMultipartError) -> String {
        let fields = headerFields(contentType)
        guard fields.first?.lowercased() == mediaType else {
            throw DemoMultipartError("the content type must be \(mediaType)")
        }
        for field in fields.dropFirst() {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let boundary = unquoted(pair[1])
            if !boundary.isEmpty { return boundary }
        }
        throw DemoMultipartError("the content type has no boundary")
    }

    /// The parts between the `--boundary` delimiters, up to the closing `--boundary--` (RFC 2046: a delimiter starts
    /// the body or a line, and may be followed by spaces or tabs before its line break).
    private static func parts(of body: Data, boundary: String) throws(DemoMultipartError) -> [Part] {
        let crlf = Data("\r\n".utf8)
        let delimiter = crlf + Data("--\(boundary)".utf8)
        // A line break in front lets the first delimiter, at the very start of the body, be found like the others.
        let framed = crlf + body
        guard var start = framed.range(of: delimiter)?.upperBound else {
            throw DemoMultipartError("the body holds no part delimited by the boundary")
        }
        var parts: [Part] = []
        while true {
            if framed[start...].starts(with: Data("--".utf8)) { return parts }
            while start < framed.endIndex, framed[start] == UInt8(ascii: " ") || framed[start] == UInt8(ascii: "\t") {
                start += 1
            }
            guard framed[start...].starts(with: crlf) else { throw DemoMultipartError("a part delimiter is malformed") }
            let partStart = start + crlf.count
            guard let next = framed.range(of: delimiter, in: partStart..<framed.endIndex) else {
                throw DemoMultipartError("the body ends before its closing delimiter")
            }
            parts.append(try part(framed[partStart..<next.lowerBound]))
            start = next.upperBound
        }
    }

    private static func part(_ bytes: Data) throws(DemoMultipartError) -> Part {
        // Header fields, a blank line, the content; a part whose content is empty may end right after its fields.
        let bytes = bytes.range(of: Data("\r\n\r\n".utf8)) == nil ? bytes + Data("\r\n".utf8) : bytes
        let separator = Data("\r\n\r\n".utf8)
        guard let end = bytes.range(of: separator) else { throw DemoMultipartError("a part has no header section") }
        let head = String(decoding: bytes[bytes.startIndex..<end.lowerBound], as: UTF8.self)
        var name: String?
        var fileName: String?
        var contentType: String?
        for line in head.components(separatedBy: "\r\n") {
            let header = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard header.count == 2 else { continue }
            switch header[0].lowercased() {
            case "content-disposition":
                for field in headerFields(header[1]) {
                    let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2 else { continue }
                    switch pair[0].lowercased() {
                    case "name": name = unquoted(pair[1])
                    case "filename": fileName = unquoted(pair[1])
                    default: break
                    }
                }
            case "content-type":
                contentType = header[1]
            default:
                break
            }
        }
        guard let name else { throw DemoMultipartError("a part has no name in its Content-Disposition") }
        return Part(name: name, fileName: fileName, contentType: contentType, body: Data(bytes[end.upperBound...]))
    }

    /// A header value's fields, split at each `;` outside a quoted string and trimmed.
    private static func headerFields(_ value: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var escaped = false
        for character in value {
            if escaped {
                escaped = false
            } else if character == "\\" && quoted {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                fields.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
                continue
            }
            field.append(character)
        }
        fields.append(field.trimmingCharacters(in: .whitespaces))
        return fields
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
    }
}

/// A multipart request the server cannot read: answered with 400 and the description as the error's message.
struct DemoMultipartError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = "Invalid multipart request: \(description)"
    }
}
