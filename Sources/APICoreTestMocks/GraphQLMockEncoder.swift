import APICoreGraphQL
import APICoreJSON

/// Turns test-mock builders into the response objects that generated selection sets read.
///
/// The encoder walks a selection set's selections (the data the normalized cache reads too), so the object it
/// writes has exactly the keys a server's response would: each field under its alias, `__typename` wherever it is
/// selected, the fields of fragments and type cases that apply to the builder's type, and `@include`/`@skip` fields
/// as the variables decide. A field that several selections ask for under different arguments gets the one value the
/// builder holds for that field.
///
/// A field the builder leaves unset is `null` when its type is nullable; otherwise it gets a placeholder: `[]` for a
/// list, an object with placeholders of its own for an object (of the first possible type, by name, for an interface
/// or union), `"<Type>:<n>"` for an `ID` (counted per type from 1, in the order the encoder meets them, so the same
/// builders always give the same ids), `""`, `0`, `0.0` and `false` for the other built-in scalars, the first value
/// of an enum, and for a custom scalar the first of a few simple values that its Swift type reads (`""`, `0`, a
/// date, a URL, a UUID, an empty object). A custom scalar none of them fits must be set.
public struct GraphQLMockEncoder: Sendable {
    /// The variables that decide `@include`/`@skip` selections.
    public var variables: JSONObject
    /// The last placeholder id given, by type name.
    private var idCounts: [String: Int] = [:]

    /// An encoder that decides `@include`/`@skip` selections with `variables`.
    public init(variables: JSONObject = JSONObject()) {
        self.variables = variables
    }

    /// The response object of `mock` as `selectionSet` selects it.
    public mutating func object(
        _ mock: any GraphQLMockObject, as selectionSet: any GraphQLSelectionSet.Type
    ) -> JSONObject {
        object(mock, as: GraphQLSelectionTree(selectionSet))
    }

    /// The response object of `mock` as `selectionSet` selects it: a generated selection set's, or a document's
    /// compiled at run time.
    public mutating func object(_ mock: any GraphQLMockObject, as selectionSet: GraphQLSelectionTree) -> JSONObject {
        var object = JSONObject()
        let typename = type(of: mock).__typename
        precondition(
            selectionSet.parentType.includes(typename),
            "a \(typename) cannot be a \(selectionSet.parentType.name): \(selectionSet.generatedType.map { "\($0)" } ?? "the selection set") selects it"
        )
        write(selectionSet, of: typename, fields: mock.__fields.values, into: &object)
        return object
    }

    private mutating func write(
        _ selectionSet: GraphQLSelectionTree, of typename: String, fields: [String: any Sendable],
        into object: inout JSONObject
    ) {
        var visitor = Visitor(encoder: self, objectType: typename, fields: fields, object: object)
        GraphQLSelectionWalker(variables: variables).walk(selectionSet, visitor: &visitor)
        self = visitor.encoder
        object = visitor.object
    }

    /// Writes each selected field of one object; fragments and type cases that apply to its type are written as part
    /// of it.
    private struct Visitor: GraphQLSelectionVisitor {
        typealias Failure = Never

        var encoder: GraphQLMockEncoder
        /// The builder's type, which decides the fragments and type cases that apply.
        let objectType: String
        let fields: [String: any Sendable]
        var object: JSONObject

        var typename: String? { objectType }

        mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) {
            let key = field.responseKey
            guard field.name != "__typename" else {
                object[key] = .string(objectType)
                return
            }
            // A key the generator added is written only when the mock has it: a response may leave it out, and a null
            // would stand in the way of a deferred selection of the same field.
            if field.isImplicitKey, fields[field.name] == nil { return }
            let path = FieldPath(typename: objectType, field: field.name)
            object[key] = encoder.value(
                fields[field.name], as: field.type, leaf: field.leafType, at: path, into: object[key])
        }

        func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) -> Bool { true }
    }

    /// Where a value goes, for placeholders and messages.
    fileprivate struct FieldPath {
        var typename: String
        var field: String
    }

    /// The JSON of `value` as a field of `type`, merged into what earlier selections of the same key wrote.
    fileprivate mutating func value(
        _ value: Any?, as type: GraphQLOutputType, leaf: (any GraphQLLeafValue.Type)?, at path: FieldPath,
        into existing: JSONValue?
    ) -> JSONValue {
        let value = value.flatMap(Self.unwrapped)
        switch type {
        case .nonNull(let inner):
            guard value == nil else { return self.value(value, as: inner, leaf: leaf, at: path, into: existing) }
            guard let existing else { return placeholder(inner, leaf: leaf, at: path) }
            // An unset object that an earlier selection of the key gave a placeholder: add this selection's fields.
            if case .object(let selectionSet) = inner, case .object(var object) = existing {
                write(selectionSet, of: Self.typename(of: selectionSet), fields: [:], into: &object)
                return .object(object)
            }
            return existing
        case .list(let inner):
            guard let value else { return existing ?? .null }
            guard let elements = value as? [Any] else {
                preconditionFailure("\(path.typename).\(path.field) is a list, not a \(Swift.type(of: value))")
            }
            let earlier = existing?.arrayValue ?? []
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                // Not `cond ? earlier[index] : nil`: that `nil` is JSONValue's null literal, a value written earlier.
                var previous: JSONValue?
                if index < earlier.count { previous = earlier[index] }
                array.append(self.value(element, as: inner, leaf: nil, at: path, into: previous))
            }
            return .array(array)
        case .scalar:
            if let existing { return existing }
            guard let value else { return .null }
            guard let scalar = value as? any GraphQLOutputValue else {
                preconditionFailure("\(path.typename).\(path.field) cannot hold a \(Swift.type(of: value))")
            }
            return scalar.__outputJSON
        case .object(let selectionSet):
            guard let value else { return existing ?? .null }
            guard let mock = value as? any GraphQLMockObject else {
                preconditionFailure(
                    "\(path.typename).\(path.field) needs a test-mock builder, not a \(Swift.type(of: value))")
            }
            var object = existing?.objectValue ?? JSONObject()
            let typename = Swift.type(of: mock).__typename
            precondition(
                selectionSet.parentType.includes(typename),
                "\(path.typename).\(path.field) cannot be a \(typename)")
            write(selectionSet, of: typename, fields: mock.__fields.values, into: &object)
            return .object(object)
        }
    }

    /// The placeholder of a non-null field of `type` that the test left unset.
    private mutating func placeholder(
        _ type: GraphQLOutputType, leaf: (any GraphQLLeafValue.Type)?, at path: FieldPath
    ) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            return placeholder(inner, leaf: leaf, at: path)
        case .list:
            return .array([])
        case .object(let selectionSet):
            var object = JSONObject()
            write(selectionSet, of: Self.typename(of: selectionSet), fields: [:], into: &object)
            return .object(object)
        case .scalar(let name):
            switch name {
            case "ID":
                let count = idCounts[path.typename, default: 0] + 1
                idCounts[path.typename] = count
                return .string("\(path.typename):\(count)")
            case "String": return .string("")
            case "Int": return .int(0)
            case "Float": return .double(0)
            case "Boolean": return .bool(false)
            default:
                if let placeholder = leaf.flatMap(Self.placeholder(of:)) { return placeholder }
                preconditionFailure(
                    "\(path.typename).\(path.field) is a non-null \(name) that has no placeholder: set it in the test")
            }
        }
    }

    /// The type of an unset object of `selectionSet`'s type: the type itself, or the first possible type by name.
    private static func typename(of selectionSet: GraphQLSelectionTree) -> String {
        let parent = selectionSet.parentType
        return parent.kind == .object ? parent.name : parent.possibleTypes.min() ?? parent.name
    }

    /// Values that simple scalar types read, tried in order for a custom scalar or an enum's placeholder.
    private static let candidates: [JSONValue] = [
        .string(""), .int(0), .double(0), .bool(false), .string("1970-01-01T00:00:00Z"), .string("1970-01-01"),
        .string("https://example.com/"), .string("00000000-0000-0000-0000-000000000000"), .object(JSONObject()),
    ]

    /// The first candidate `leaf` reads; for an enum, its first value.
    private static func placeholder(of leaf: any GraphQLLeafValue.Type) -> JSONValue? {
        if let enumeration = leaf as? any GraphQLMockEnumPlaceholder.Type { return enumeration.__mockPlaceholder }
        let context = GraphQLDecodingContext(variables: JSONObject())
        return candidates.first { (try? leaf.decode(from: $0, in: context)) != nil }
    }

    /// `value` without its optional wrappers (the elements of `[String?]` seen as `Any`), `nil` when it holds none.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }
}

/// An enum whose first value is the placeholder of a non-null field left unset.
private protocol GraphQLMockEnumPlaceholder {
    static var __mockPlaceholder: JSONValue? { get }
}

extension GraphQLEnum: GraphQLMockEnumPlaceholder {
    fileprivate static var __mockPlaceholder: JSONValue? {
        Wrapped.allCases.first.map { JSONValue.string(GraphQLEnum($0).rawValue) }
    }
}
