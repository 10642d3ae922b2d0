import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578), for reading recorded uploads back.
struct FormDataBody {
    struct Part {
        var name: String
        var fileName: String?
        var contentType: String?
        var contents: Data
    }

    let parts: [Part]

    /// The parts of `body`, sent with the `Content-Type` `contentType`; `nil` when it is not a well-formed
    /// `multipart/form-data` body.
    init?(_ body: Data, contentType: String) {
        let fields = Self.fields(of: contentType)
        guard fields.first?.lowercased() == "multipart/form-data",
            let boundary = fields.dropFirst().lazy.compactMap({ Self.parameter("boundary", in: $0) }).first,
            !boundary.isEmpty
        else { return nil }
        let delimiter = Data("\r\n--\(boundary)".utf8)
        // The first delimiter has no line break before it when it opens the body.
        let framed = Data("\r\n".utf8) + body
        guard var cursor = framed.range(of: delimiter)?.upperBound else { return nil }
        var parts: [Part] = []
        while !framed[cursor...].starts(with: Data("--".utf8)) {
            guard framed[cursor...].starts(with: Data("\r\n".utf8)),
                let next = framed.range(of: delimiter, in: (cursor + 2)..<framed.endIndex),
                let part = Self.part(framed[(cursor + 2)..<next.lowerBound])
            else { return nil }
            parts.append(part)
            cursor = next.upperBound
        }
        self.parts = parts
    }

    private static func part(_ bytes: Data) -> Part? {
        guard let blank = bytes.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        var part = Part(name: "", contents: Data(bytes[blank.upperBound...]))
        let head = String(decoding: bytes[bytes.startIndex..<blank.lowerBound], as: UTF8.self)
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch line[..<colon].lowercased() {
            case "content-disposition":
                for field in fields(of: value).dropFirst() {
                    if let name = parameter("name", in: field) { part.name = name }
                    if let fileName = parameter("filename", in: field) { part.fileName = fileName }
                }
            case "content-type":
                part.contentType = value
            default:
                continue
            }
        }
        return part.name.isEmpty ? nil : part
    }

    /// A header value's fields, split at each `;` outside a quoted string.
    private static func fields(of value: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        for character in value {
            if character == "\"" { quoted.toggle() }
            if character == ";", !quoted {
                fields.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field.trimmingCharacters(in: .whitespaces))
        return fields
    }

    /// The value of `name=value` or `name="value"` in a field, if the field is that parameter.
    private static func parameter(_ name: String, in field: String) -> String? {
        guard let equals = field.firstIndex(of: "="), field[..<equals].lowercased() == name else { return nil }
        let value = field[field.index(after: equals)...]
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return String(value) }
        return String(value.dropFirst().dropLast())
    }
}
