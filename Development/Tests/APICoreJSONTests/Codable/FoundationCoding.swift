import APICoreGraphQL
import APICoreJSON
import Foundation

/// Helpers that move a `JSONValue` into Foundation's world, standing in for the package's JSON reader and writer.
enum FoundationCoding {
    /// The JSON text for `value`, written by `JSONSerialization`.
    static func data(_ value: JSONValue) throws -> Data {
        try JSONSerialization.data(withJSONObject: object(value), options: [.fragmentsAllowed, .sortedKeys])
    }

    /// The `JSONSerialization` object for `value`.
    static func object(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .numberText(let text): NSDecimalNumber(string: text)
        case .string(let value): value
        case .array(let elements): elements.map(object)
        case .object(let members):
            Dictionary(uniqueKeysWithValues: members.members.map { ($0.key, object($0.value)) }) as [String: Any]
        }
    }

    /// Decodes `T` from `value` with Foundation's `JSONDecoder`, going through JSON text.
    static func decode<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        configure: (JSONDecoder) -> Void = { _ in }
    ) throws -> T {
        let decoder = JSONDecoder()
        configure(decoder)
        return try decoder.decode(type, from: data(value))
    }
}

/// What a `DecodingError` says, flattened so that errors from two decoders can be compared.
struct DecodingErrorSummary: Equatable, CustomStringConvertible {
    var kind: String
    var codingPath: [String]
    var debugDescription: String

    init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            self.init(kind: "not a DecodingError: \(type(of: error))", codingPath: [], debugDescription: "")
            return
        }
        switch error {
        case .typeMismatch(_, let context): self.init(kind: "typeMismatch", context: context)
        case .valueNotFound(_, let context): self.init(kind: "valueNotFound", context: context)
        case .keyNotFound(let key, let context):
            self.init(kind: "keyNotFound", context: context)
            codingPath.append(key.stringValue)
        case .dataCorrupted(let context): self.init(kind: "dataCorrupted", context: context)
        @unknown default: self.init(kind: "unknown", codingPath: [], debugDescription: "")
        }
    }

    private init(kind: String, context: DecodingError.Context) {
        self.init(
            kind: kind, codingPath: context.codingPath.map(\.stringValue), debugDescription: context.debugDescription)
    }

    private init(kind: String, codingPath: [String], debugDescription: String) {
        self.kind = kind
        self.codingPath = codingPath
        self.debugDescription = debugDescription
    }

    var description: String { "\(kind) at \(codingPath): \(debugDescription)" }
}
