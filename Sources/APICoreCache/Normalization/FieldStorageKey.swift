import APICoreGraphQL
import APICoreJSON

extension GraphQLField {
    /// The key a field is stored under in its record: its schema name, followed by its arguments (resolved with the
    /// operation's variables, sorted by name, as canonical JSON) when it has any: `friends(first:10)`. A field
    /// policy leaves out the arguments that are not among its key arguments (`items(first:20,after:"x")` under a
    /// Relay policy is `items`).
    ///
    /// Aliases play no part, so the same field selected under different aliases, or by different operations, is one
    /// stored value.
    public func storageKey(variables: JSONObject, policy: GraphQLFieldPolicy? = nil) -> String {
        guard !arguments.isEmpty else { return name }
        var resolved = resolvedArguments(with: variables)
        if let policy, policy.keyArguments != nil {
            resolved = JSONObject(resolved.members.filter { policy.keeps(argument: $0.key) }.map { ($0.key, $0.value) })
        }
        guard !resolved.isEmpty else { return name }
        let writer = JSONWriter(options: JSONWriter.Options(sortsKeys: true))
        let parts = resolved.members.sorted { $0.key < $1.key }.map { "\($0.key):\(writer.string($0.value))" }
        return name + "(" + parts.joined(separator: ",") + ")"
    }
}
