import APICoreGenerateCommand
import APICoreKit

/// Reads the variables of `apicore query` from `--variables` or `--variables-file`: a JSON object.
enum QueryVariables {
    /// The name messages give to variables passed inline.
    static let inlineSource = "--variables"

    /// The variables: parsed from `inline`, read from `file`, or none.
    static func load(inline: String?, file: String?) throws(CommandFailure) -> JSONObject {
        if let inline { return try parse(Array(inline.utf8), source: inlineSource) }
        if let file { return try parse(InputFile.bytes(at: file, role: "variables"), source: file) }
        return JSONObject()
    }

    /// Parses a JSON object; errors point at the offending byte as `source:line:column`, never quoting the input.
    static func parse(_ bytes: [UInt8], source: String) throws(CommandFailure) -> JSONObject {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONReader().read(bytes)
        } catch {
            let location = SourceLocation(file: source, offset: error.offset, in: bytes)
            throw .invalidInput(error.description, at: location)
        }
        guard case .object(let object) = value else {
            let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? 0
            throw .invalidInput(
                "the variables must be a JSON object, not \(article(of: value))\(value.kindName)",
                at: SourceLocation(file: source, offset: start, in: bytes))
        }
        return object
    }

    /// "a ", "an " or nothing, for the kind of `value`.
    private static func article(of value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .int, .array: "an "
        default: "a "
        }
    }
}
