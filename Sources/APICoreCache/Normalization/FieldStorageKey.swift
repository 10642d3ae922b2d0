import APICoreGraphQL

extension GraphQLField {
    /// The key a field is stored under in its record: its schema name, followed by its arguments (resolved with the
    /// operation's variables, sorted by name, as canonical JSON) when it has any: `friends(first:10)`.
    ///
    /// Aliases play no part, so the same field selected under different aliases, or by different operations, is one
    /// stored value.
    public func storageKey(variables: JSONObject) -> String {
        guard !arguments.isEmpty else { return name }
        let resolved = resolvedArguments(with: variables)
        guard !resolved.isEmpty else { return name }
        let writer = JSONWriter(options: JSONWriter.Options(sortsKeys: true))
        let parts = resolved.members.sorted { $0.key < $1.key }.map { "\($0.key):\(writer.string($0.value))" }
        return name + "(" + parts.joined(separator: ",") + ")"
    }
}
