import APICoreCompiler

/// The custom scalars that are files, uploaded by the GraphQL multipart request spec and generated as `GraphQLFile`:
/// `Upload` unless the configuration maps it to another type, and every scalar it maps to `Upload` or `GraphQLFile`.
package struct FileScalars: Sendable {
    /// The scalars' GraphQL names.
    let names: Set<String>

    /// No file scalars.
    package init() {
        names = []
    }

    /// The file scalars of a configuration's custom-scalar mapping.
    init(customScalars: [String: String]) {
        var names = Set(customScalars.filter { $0.value == "Upload" || $0.value == "GraphQLFile" }.keys)
        if customScalars["Upload"] == nil { names.insert("Upload") }
        self.names = names
    }

    /// Whether the generated code uses a file scalar, among the schema types it uses (`referencedTypeNames`, input
    /// objects' fields included): its files then import `APICoreScalars`, which holds `GraphQLFile`.
    func areUsed(in referencedTypeNames: some Sequence<String>) -> Bool {
        referencedTypeNames.contains(where: names.contains)
    }

    /// Whether a value of `type` can hold a file: a file scalar, or an input object with such a field at any depth,
    /// inside lists or not.
    func canContainFiles(_ type: TypeReference, in schema: GraphQLSchema) -> Bool {
        guard !names.isEmpty else { return false }
        var seen: Set<String> = []
        var pending = [type.namedType.value]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            switch schema.type(named: name) {
            case .scalar where names.contains(name):
                return true
            case .inputObject(let input):
                pending += input.fields.map(\.type.namedType.value)
            default:
                continue
            }
        }
        return false
    }
}
