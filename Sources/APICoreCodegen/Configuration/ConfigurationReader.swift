import APICoreCompiler

/// Reads one member of a configuration file, failing with its location and key path.
struct ConfigurationReader {
    let value: LocatedJSON
    /// The key path, for messages: `output.schemaTypes.path`.
    let path: String

    init(_ value: LocatedJSON, path: String) {
        self.value = value
        self.path = path
    }

    func failure(_ problem: String) -> CompilerError {
        let name = path.isEmpty ? "The configuration" : "\"\(path)\""
        return CompilerError(
            Diagnostic(.error, "\(name) \(problem).", at: [value.location], rule: "Configuration"))
    }

    func members() throws(CompilerError) -> [(key: String, keyLocation: SourceLocation, value: LocatedJSON)] {
        guard case .object(let members) = value.kind else { throw failure("must be an object, not \(value.kindName)") }
        return members
    }

    /// Fails on the first key not in `keys`.
    func allowKeys(_ keys: Set<String>) throws(CompilerError) {
        for member in try members() where !keys.contains(member.key) {
            let known = keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            let place = path.isEmpty ? "at the top level" : "in \"\(path)\""
            throw CompilerError(
                Diagnostic(
                    .error, "Unknown key \"\(member.key)\" \(place); the known keys are \(known).",
                    at: [member.keyLocation], rule: "Configuration"))
        }
    }

    /// The member `key`, when present.
    func optional(_ key: String) throws(CompilerError) -> ConfigurationReader? {
        guard let member = try members().first(where: { $0.key == key }) else { return nil }
        return ConfigurationReader(member.value, path: path.isEmpty ? key : path + "." + key)
    }

    /// The member `key`, which must be present.
    func required(_ key: String) throws(CompilerError) -> ConfigurationReader {
        guard let member = try optional(key) else {
            throw failure("needs the key \"\(key)\"")
        }
        return member
    }

    func bool() throws(CompilerError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw failure("must be true or false, not \(value.kindName)") }
        return flag
    }

    func string() throws(CompilerError) -> String {
        guard case .string(let text) = value.kind else { throw failure("must be a string, not \(value.kindName)") }
        return text
    }

    /// A string that is a Swift identifier.
    func identifier() throws(CompilerError) -> String {
        let text = try string()
        let isIdentifier =
            text.first.map { $0.isLetter || $0 == "_" } == true
            && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        guard isIdentifier else { throw failure("must be a Swift identifier, such as \"MySchema\"") }
        return text
    }

    func strings() throws(CompilerError) -> [String] {
        try locatedStrings().map(\.text)
    }

    /// An array of strings, each with where it is written.
    func locatedStrings() throws(CompilerError) -> [(text: String, location: SourceLocation)] {
        guard case .array(let elements) = value.kind else {
            throw failure("must be an array of strings, not \(value.kindName)")
        }
        var result: [(text: String, location: SourceLocation)] = []
        for (index, element) in elements.enumerated() {
            result.append((try ConfigurationReader(element, path: "\(path)[\(index)]").string(), element.location))
        }
        return result
    }

    /// The search paths of an array of strings, with the location of each (the first, if one is repeated).
    func searchPaths() throws(CompilerError) -> (paths: [String], locations: [String: SourceLocation]) {
        let located = try locatedStrings()
        return (
            located.map(\.text), Dictionary(located.map { ($0.text, $0.location) }, uniquingKeysWith: { a, _ in a })
        )
    }

    func stringMap() throws(CompilerError) -> [String: String] {
        var result: [String: String] = [:]
        for member in try members() {
            result[member.key] = try ConfigurationReader(member.value, path: path + "." + member.key).string()
        }
        return result
    }
}
