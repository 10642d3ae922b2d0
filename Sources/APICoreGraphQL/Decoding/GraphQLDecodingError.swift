/// A response that does not match the operation's types: a missing field, a non-null field that came back null, a
/// value of the wrong kind, an unknown `__typename` where one must be known, or a custom scalar that cannot be read.
///
/// The ``path`` is the response path of the field (`user.friends.3.name`), so the message says exactly where the
/// data went wrong. Descriptions never quote values, which may hold personal data.
public struct GraphQLDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The field is not in the data (for cache reads: a cache miss for exactly this field).
        case missingField
        /// A non-null field or list element is `null`.
        case nullValue
        /// The value has another JSON kind than the field's type.
        case typeMismatch(expected: String, found: String)
        /// A custom or built-in scalar could not be read from its value.
        case invalidScalar(type: String, reason: String)
        /// An object lacks the `__typename` needed to choose among its possible types.
        case missingTypename
    }

    /// What went wrong.
    public let reason: Reason

    /// The response path of the field, from the root of `data`.
    public private(set) var path: ResponsePath

    /// An error at the current position; callers up the tree add their path components.
    public init(_ reason: Reason, path: ResponsePath = ResponsePath()) {
        self.reason = reason
        self.path = path
    }

    /// The same error one level further from the root.
    @_optimize(size)
    public func prefixed(by component: ResponsePath.Component) -> GraphQLDecodingError {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }

    /// What went wrong and where, as a sentence naming the response path; it never quotes the value.
    @_optimize(size)
    public var description: String {
        let location = path.isEmpty ? "the response data" : "'\(path)'"
        switch reason {
        case .missingField:
            return "missing field at \(location)"
        case .nullValue:
            return "non-null field at \(location) is null"
        case .typeMismatch(let expected, let found):
            return "expected \(expected) at \(location), found \(found)"
        case .invalidScalar(let type, let reason):
            return "invalid \(type) at \(location): \(reason)"
        case .missingTypename:
            return "object at \(location) has no __typename"
        }
    }
}

/// The position of a value in response data: field names (response keys) and list indexes.
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable, CustomStringConvertible {
        /// A field, by its response key: its alias, else its name.
        case field(String)
        /// An element of a list, by its zero-based index.
        case index(Int)

        /// The field name, or the list index as a number.
        @_optimize(size)
        public var description: String {
            switch self {
            case .field(let name): name
            case .index(let index): String(index)
            }
        }

        /// The component as it appears in a GraphQL error's `path`.
        @_optimize(size)
        public var jsonValue: JSONValue {
            switch self {
            case .field(let name): .string(name)
            case .index(let index): .int(Int64(index))
            }
        }
    }

    /// The steps from the root.
    public var components: [Component]

    /// A path with the given steps; empty is the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// A path from an array literal of components: `["user", "friends", 3]`.
    public init(arrayLiteral elements: Component...) {
        components = elements
    }

    /// Whether the path is the root.
    public var isEmpty: Bool { components.isEmpty }

    /// The path and every path above it but the root, shortest first: where a field error is, and the fields a server
    /// takes its `null` up through.
    public var prefixes: [ResponsePath] {
        components.indices.map { ResponsePath(Array(components[...$0])) }
    }

    /// The path one step further.
    public func appending(_ component: Component) -> ResponsePath {
        ResponsePath(components + [component])
    }

    /// Dotted form: `user.friends.3.name`.
    @_optimize(size)
    public var description: String {
        components.map(\.description).joined(separator: ".")
    }
}

extension ResponsePath.Component: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A field step from a string literal: `"name"`.
    public init(stringLiteral value: String) { self = .field(value) }
    /// A list-index step from an integer literal: `3`.
    public init(integerLiteral value: Int) { self = .index(value) }
}

extension GraphQLDecodingError {
    /// The error for a value of the wrong kind: ``Reason/nullValue`` when it is `null`, else a type mismatch.
    @_optimize(size)
    public static func mismatch(expected: String, found value: JSONValue) -> GraphQLDecodingError {
        if case .null = value { return GraphQLDecodingError(.nullValue) }
        return GraphQLDecodingError(.typeMismatch(expected: expected, found: value.kindName))
    }
}
