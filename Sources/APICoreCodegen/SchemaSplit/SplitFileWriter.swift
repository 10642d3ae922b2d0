import APICoreCompiler

/// Writes the files of a split from the schema's SDL definitions and a ``DomainAssignment``.
struct SplitFileWriter {
    let schema: GraphQLSchema
    let assignment: DomainAssignment
    let sourceName: String

    mutating func files() -> [SchemaSplit.File] {
        var shared: [Definition] = []
        var perDomain: [String: [Definition]] = [:]
        for definition in SchemaPrinter.document(for: schema).definitions {
            guard case .type(let type) = definition else {
                shared.append(definition)
                continue
            }
            if assignment.rootNames.contains(type.name.value) {
                splitRoot(type, shared: &shared, perDomain: &perDomain)
            } else if let domain = assignment.homes[type.name.value] {
                perDomain[domain, default: []].append(definition)
            } else {
                shared.append(definition)
            }
        }
        var files = [
            SchemaSplit.File(
                name: SchemaSplitConfiguration.sharedFileName, domain: nil,
                text: sharedHeader() + Printer.print(Document(definitions: shared)) + "\n")
        ]
        for domain in assignment.domains {
            let definitions = perDomain[domain] ?? []
            files.append(
                SchemaSplit.File(
                    name: "\(domain).graphqls", domain: domain,
                    text: header(of: domain, definitions) + Printer.print(Document(definitions: definitions)) + "\n"))
        }
        return files
    }

    /// The shared fields stay in the shared declaration; each domain's go to an extension, or to a declaration of
    /// its own when the root type has no shared fields.
    private func splitRoot(_ type: TypeDefinition, shared: inout [Definition], perDomain: inout [String: [Definition]])
    {
        guard case .object(let interfaces, let fields) = type.kind else { return }
        let homes = assignment.rootFieldHomes[type.name.value] ?? [:]
        let sharedFields = fields.filter { homes[$0.name.value] == nil }
        if !sharedFields.isEmpty {
            var declaration = type
            declaration.kind = .object(interfaces: interfaces, fields: sharedFields)
            shared.append(.type(declaration))
        }
        for domain in assignment.domains {
            let own = fields.filter { homes[$0.name.value] == domain }
            guard !own.isEmpty else { continue }
            var part = type
            part.kind = .object(interfaces: sharedFields.isEmpty ? interfaces : [], fields: own)
            if !sharedFields.isEmpty {
                part = TypeDefinition(kind: part.kind, name: type.name, isExtension: true)
            }
            perDomain[domain, default: []].append(.type(part))
        }
    }

    private func sharedHeader() -> String {
        let domains = assignment.domains.map { "\($0).graphqls" }.joined(separator: ", ")
        return """
            # Shared schema, split from \(sourceName) by `apicore split-schema`: the types of no domain or of several,
            # the directive definitions and the shared root fields. It depends on no other file.
            # Used by: \(domains.isEmpty ? "no domain" : domains).


            """
    }

    /// The comment naming the shared types a domain file uses and the root types it extends.
    private func header(of domain: String, _ definitions: [Definition]) -> String {
        var used: Set<String> = []
        var extended: [String] = []
        for case .type(let type) in definitions {
            if type.isExtension { extended.append(type.name.value) }
            let references: [TypeReferences.Reference]
            if assignment.rootNames.contains(type.name.value) {
                let fields = schema.type(named: type.name.value)?.fields ?? []
                let own = Set(type.fieldNames)
                references = fields.filter { own.contains($0.name) }.flatMap { TypeReferences.of($0, in: "") }
            } else {
                references = schema.type(named: type.name.value).map(TypeReferences.of) ?? []
            }
            for reference in references
            where assignment.homes[reference.name] == nil && !BuiltInScalars.names.contains(reference.name) {
                used.insert(reference.name)
            }
        }
        var lines = [
            "# Domain '\(domain)', split from \(sourceName) by `apicore split-schema`.",
            "# Depends on \(SchemaSplitConfiguration.sharedFileName) only.",
        ]
        if !extended.isEmpty {
            lines.append("# Extends the root types of the shared file: \(extended.joined(separator: ", ")).")
        }
        lines += Self.wrapped("# Shared types used: ", used.sorted())
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// `prefix` and the names, comma separated, in comment lines of at most 120 characters.
    static func wrapped(_ prefix: String, _ names: [String]) -> [String] {
        guard !names.isEmpty else { return [prefix + "none."] }
        var lines: [String] = []
        var line = prefix
        for (index, name) in names.enumerated() {
            let item = name + (index == names.count - 1 ? "." : ",")
            if line.count + item.count + 1 > 120, line != prefix {
                lines.append(line)
                line = "#   " + item
            } else {
                line += (line == prefix || line == "#   " ? "" : " ") + item
            }
        }
        lines.append(line)
        return lines
    }
}

extension TypeDefinition {
    /// The field names of an object or interface definition.
    var fieldNames: [String] {
        switch kind {
        case .object(_, let fields), .interface(_, let fields): fields.map(\.name.value)
        default: []
        }
    }
}
