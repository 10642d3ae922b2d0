/// What to generate and where: the per-kit configuration (`apicore.json`).
public struct CodegenConfiguration: Sendable, Hashable {
    /// The namespace of the generated schema types (`GitHubGraphQL`).
    public var schemaNamespace: String

    /// A configuration for the given namespace.
    public init(schemaNamespace: String) {
        self.schemaNamespace = schemaNamespace
    }
}
