import Foundation

/// The parts of a `multipart/mixed` body (RFC 2046), as GraphQL servers send incremental results and subscription
/// events: each part has its own header fields and a JSON body. ``MultipartMixedParser`` reads one as it arrives.
struct MultipartMixedBody {
    /// The boundary of a `Content-Type: multipart/mixed; boundary=...` value (`-` when it names none, as the
    /// incremental delivery proposal defaults it); `nil` for another media type.
    static func boundary(ofContentType contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/mixed" else { return nil }
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
        }
        return "-"
    }

    /// The contents of the parts of a whole body, in order, without empty ones (keep-alive parts); throws
    /// ``APIError/Code/invalidResponse`` when the body has no delimiter, a part has no blank line after its header
    /// fields, or the body ends before its closing delimiter.
    static func parts(of body: Data, boundary: String) throws(APIError) -> [Data] {
        var parser = MultipartMixedParser(boundary: boundary)
        let parts = try parser.append(body)
        try parser.finish()
        return parts
    }

    /// The JSON of one part of a multipart response; malformed JSON is ``APIError/Code/parsing``.
    static func json(
        ofPart part: Data, reader: JSONReader, response: HTTPResponse, operationName: String
    ) throws(APIError) -> JSONValue {
        do throws(JSONParseError) {
            return try reader.read(part)
        } catch {
            throw APIError(
                .parsing, operationName: operationName, statusCode: response.statusCode, byteOffset: error.offset,
                underlying: error, reason: "in a part of the multipart response: \(error.description)",
                responseBodyPrefix: part.prefix(512))
        }
    }
}
