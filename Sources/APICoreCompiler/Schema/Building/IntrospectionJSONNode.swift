import Foundation

/// A value inside a decoded introspection JSON document, with its path for error messages
/// (`__schema.types[User].fields[login].type`).
struct IntrospectionJSONNode {
    let value: Any
    let path: String
    let file: String

    /// The member `key` of an object, or `nil` when it is missing or null.
    func member(_ key: String) throws(CompilerError) -> IntrospectionJSONNode? {
        let object = try self.object()
        guard let member = object[key], !(member is NSNull) else { return nil }
        return IntrospectionJSONNode(value: member, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The member `key` of an object, which must be present and not null.
    func required(_ key: String) throws(CompilerError) -> IntrospectionJSONNode {
        guard let member = try member(key) else {
            throw failure("\"\(key)\" is missing or null")
        }
        return member
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

    /// The elements of an array, each named in its path by its `name` member when it has one, else by its index.
    func elements() throws(CompilerError) -> [IntrospectionJSONNode] {
        guard let array = value as? [Any] else { throw failure("expected an array") }
        return array.enumerated().map { index, element in
            let label = ((element as? [String: Any])?["name"] as? String) ?? String(index)
            return IntrospectionJSONNode(value: element, path: "\(path)[\(label)]", file: file)
        }
    }

    /// The string member `key`, or `nil` when it is missing or null.
    func optionalString(_ key: String) throws(CompilerError) -> String? {
        try member(key)?.string()
    }

    /// The error for this value: located at the start of the file, naming the path.
    func failure(_ problem: String) -> CompilerError {
        let place = path.isEmpty ? "the top level" : "\"\(path)\""
        return CompilerError(
            Diagnostic(
                .error,
                "Invalid introspection JSON at \(place): \(problem). Use the complete result of an introspection "
                    + "query, as {\"data\": {\"__schema\": ...}} or {\"__schema\": ...}.",
                at: [SchemaSourceParsing.start(of: file)], rule: "IntrospectionFormat"))
    }
}
