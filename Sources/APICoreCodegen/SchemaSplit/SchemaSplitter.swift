import APICoreCompiler

/// Splits one schema into a shared schema and one schema per domain, and proves the split (see
/// `SchemaSplitProof`).
///
/// Every type but the root types lives in exactly one file: its domain's, or `shared-schema.graphqls` when it has no
/// domain or several domains use it (see ``SchemaSplitConfiguration`` for how types get domains). Directive
/// definitions and `schema { ... }` are shared. Root types are split by field: a root field goes to the one domain
/// whose types it returns or takes, else it stays shared. The shared file declares each root type with its shared
/// fields and each domain file adds its own with `extend type Query { ... }`; a root type without shared fields is
/// declared (`type Mutation { ... }`) by every domain file that has fields of it, so each domain file plus the shared
/// file is a whole schema. Each file starts with a comment naming what it depends on.
public enum SchemaSplitter {
    /// Assigns types and root fields to domains, writes the files in memory and proves them.
    ///
    /// - Parameters:
    ///   - schema: the schema to split.
    ///   - configuration: the domains and which types and root fields belong to each.
    ///   - sourceName: the schema's file name, for the headers.
    /// - Throws: configuration problems located in the configuration file (or at the `@domain` in the schema), or a
    ///   failed proof naming the check and the type or field.
    public static func split(
        _ schema: GraphQLSchema, configuration: SchemaSplitConfiguration, sourceName: String
    ) throws(CompilerError) -> SchemaSplit {
        let assignment = try DomainAssignment(schema: schema, configuration: configuration)
        var writer = SplitFileWriter(schema: schema, assignment: assignment, sourceName: sourceName)
        let files = writer.files()
        try SchemaSplitProof(original: schema, files: files, configurationFile: configuration.file).check()
        return SchemaSplit(
            files: files,
            moves: assignment.moves.map { "\($0.type) (pattern of '\($0.domain)') is shared: used by \($0.usedBy)" },
            typeCounts: files.map { file in
                file.domain.map { domain in assignment.homes.values.count { $0 == domain } }
                    ?? schema.types.count { type in
                        !type.name.hasPrefix("__") && !BuiltInScalars.names.contains(type.name)
                            && assignment.homes[type.name] == nil
                    }
            })
    }
}

/// The files of a proven split.
public struct SchemaSplit: Sendable {
    /// A file to write.
    public struct File: Sendable, Hashable {
        /// The file name: `shared-schema.graphqls` or `<domain>.graphqls`.
        public var name: String
        /// The domain, `nil` for the shared file.
        public var domain: String?
        /// The file's SDL text.
        public var text: String
    }

    /// The shared file first, then one per domain in configuration order.
    public var files: [File]
    /// The pattern-assigned types that moved to the shared schema, and why.
    public var moves: [String]
    /// How many types (root types aside) each file defines, in the order of ``files``.
    public var typeCounts: [Int]
}
