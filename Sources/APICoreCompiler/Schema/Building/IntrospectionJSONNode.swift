import Foundation

/// A value inside a decoded introspection JSON document, with its path for error messages
/// (`__schema.types[User].fields[login].type`), which is only spelled out when there is an error.
struct IntrospectionJSONNode: IntrospectionJSONReading {
    /// Where a value is in the document.
    indirect enum Path {
        case root
        case member(Path, String)
        /// An array element, labelled by its `name` member or its index.
        case element(Path, Any, index: Int)

        /// `__schema.types[User].fields[login].type`.
        var text: String {
            switch self {
            case .root:
                return ""
            case .member(let parent, let key):
                let prefix = parent.text
                return prefix.isEmpty ? key : "\(prefix).\(key)"
            case .element(let parent, let element, let index):
                let label = ((element as? [String: Any])?["name"] as? String) ?? String(index)
                return "\(parent.text)[\(label)]"
            }
        }
    }

    let value: Any
    let path: Path
    let file: String

    /// The member `key` of an object, or `nil` when it is missing or null.
    func member(_ key: StaticString) throws(CompilerError) -> IntrospectionJSONNode? {
        let key = key.description
        let object = try self.object()
        // Compare the type rather than cast: casting a dictionary or array to a class bridges the whole subtree.
        guard let member = object[key], Swift.type(of: member) != NSNull.self else { return nil }
        return IntrospectionJSONNode(value: member, path: .member(path, key), file: file)
    }

    /// The value as an object.
    func object() throws(CompilerError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw failure("expected an object") }
        return object
    }

    /// The value as a string.
    func string() throws(CompilerError) -> String {
        guard let string = value as? String else { throw failure("expected a string") }
        return string
    }

    /// The value as a Boolean.
    func bool() throws(CompilerError) -> Bool {
        guard let flag = value as? Bool else { throw failure("expected true or false") }
        return flag
    }

    /// The elements of an array.
    func elements() throws(CompilerError) -> [IntrospectionJSONNode] {
        guard let array = value as? [Any] else { throw failure("expected an array") }
        return array.enumerated().map { index, element in
            IntrospectionJSONNode(value: element, path: .element(path, element, index: index), file: file)
        }
    }

    /// The error for this value: located at the start of the file, naming the path.
    func failure(_ problem: String) -> CompilerError {
        let text = path.text
        let place = text.isEmpty ? "the top level" : "\"\(text)\""
        return CompilerError(
            Diagnostic(
                .error,
                "Invalid introspection JSON at \(place): \(problem). Use the complete result of an introspection "
                    + "query, as {\"data\": {\"__schema\": ...}} or {\"__schema\": ...}.",
                at: [SchemaSourceParsing.start(of: file)], rule: "IntrospectionFormat"))
    }
}
