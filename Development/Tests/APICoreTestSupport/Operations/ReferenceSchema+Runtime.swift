import APICoreDynamic

extension ReferenceSchema {
    /// The reference servers' schema (`Tests/ReferenceServers/schema.graphql`), loaded to compile documents at run
    /// time.
    public static let runtime: GraphQLRuntimeSchema = {
        let path = RepositoryLayout.root.appendingPathComponent("Development/Tests/ReferenceServers/schema.graphql")
        do {
            return try GraphQLRuntimeSchema(contentsOf: [path.path])
        } catch {
            preconditionFailure("the reference schema builds: \(error)")
        }
    }()
}
