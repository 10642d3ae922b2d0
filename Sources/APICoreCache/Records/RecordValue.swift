import APICoreGraphQL

/// The value of one field of a record: a leaf value, a reference to another record, a list of either, or the error
/// that left the field without a value.
///
/// Not `indirect`: a list's elements live in its array already, so a value is stored inline wherever it is held, not
/// in a heap box of its own for every field of every record.
public enum RecordValue: Sendable, Hashable {
    /// A scalar, enum or custom-scalar value, or `null`.
    case value(JSONValue)
    /// The object stored under another key.
    case reference(CacheKey)
    /// A list of objects (or of lists of them).
    case list([RecordValue])
    /// The field error the server sent for a field it answered with `null`: the field itself failed (under
    /// `onError: NULL`, even a non-null one), or a non-null field below it did and the null went up to it. A read
    /// reports the error at the path it reads the field at, as the server's response did, rather than a `null` the
    /// server never meant as a value or a miss.
    case error(GraphQLError)

    /// `null`.
    public static let null = RecordValue.value(.null)

    /// The keys this value refers to, directly or inside lists.
    public var references: [CacheKey] {
        switch self {
        case .value, .error: []
        case .reference(let key): [key]
        case .list(let elements): elements.flatMap(\.references)
        }
    }
}

extension RecordValue {
    /// The value as JSON for storage: leaves as themselves (objects and arrays wrapped as `{"$json": ...}`),
    /// references as `{"$ref": key}`, errors as `{"$error": error}` (without its path, which is the field's) and lists
    /// as arrays, so that reading it back is unambiguous.
    public var storageJSON: JSONValue {
        switch self {
        case .value(let value):
            switch value {
            case .object, .array: .object(["$json": value])
            default: value
            }
        case .reference(let key):
            .object(["$ref": .string(key.rawValue)])
        case .list(let elements):
            .array(elements.map(\.storageJSON))
        case .error(let error):
            .object(["$error": error.jsonValue])
        }
    }

    /// Reads a value written by ``storageJSON``; `nil` for JSON it cannot have written.
    public init?(storageJSON json: JSONValue) {
        switch json {
        case .array(let elements):
            var values: [RecordValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = RecordValue(storageJSON: element) else { return nil }
                values.append(value)
            }
            self = .list(values)
        case .object(let object):
            guard object.count == 1 else { return nil }
            if let key = object["$ref"]?.stringValue {
                self = .reference(CacheKey(key))
            } else if let wrapped = object["$json"] {
                self = .value(wrapped)
            } else if let error = object["$error"] {
                self = .error(GraphQLError(json: error))
            } else {
                return nil
            }
        default:
            self = .value(json)
        }
    }
}
