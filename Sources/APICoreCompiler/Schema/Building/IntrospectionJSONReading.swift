/// A value of a decoded introspection JSON document, read as the introspection builder reads it.
///
/// Two kinds of document conform: ``IntrospectionJSONTapeNode``, the fast reader of a strict subset of JSON, and
/// ``IntrospectionJSONNode``, a `JSONSerialization` result, which reads everything else and words every error.
protocol IntrospectionJSONReading {
    /// The member `key` of an object, or `nil` when it is missing or null.
    func member(_ key: StaticString) throws(CompilerError) -> Self?
    /// The value as a string.
    func string() throws(CompilerError) -> String
    /// The value as a Boolean.
    func bool() throws(CompilerError) -> Bool
    /// The elements of an array.
    func elements() throws(CompilerError) -> [Self]
    /// The error for this value, saying what is wrong with it.
    func failure(_ problem: String) -> CompilerError
}

extension IntrospectionJSONReading {
    /// The member `key` of an object, which must be present and not null.
    func required(_ key: StaticString) throws(CompilerError) -> Self {
        guard let member = try member(key) else {
            throw failure("\"\(key)\" is missing or null")
        }
        return member
    }

    /// The string member `key`, or `nil` when it is missing or null.
    func optionalString(_ key: StaticString) throws(CompilerError) -> String? {
        try member(key)?.string()
    }
}
