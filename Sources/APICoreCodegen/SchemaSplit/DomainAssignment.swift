import APICoreCompiler

/// Which domain every type and root field of a schema belongs to (none: the shared schema), and which
/// pattern-assigned types had to move to the shared schema because another domain uses them.
///
/// Types are claimed first (`@domain`, `types`, patterns); then, until nothing changes, a claimed type that a type of
/// another domain, a shared type, a directive definition or a root field reaching into two domains refers to moves to
/// the shared schema, so that every domain file needs only itself and the shared file. A move of an explicitly
/// assigned type (or of any type, with `"crossDomainUse": "error"`) is an error instead.
struct DomainAssignment {
    /// A type assigned to a domain, and why.
    struct Claim {
        var domain: String
        /// `@domain`, `the mapping table`, `pattern "Issue*"`: for messages.
        var reason: String
        var location: SourceLocation
        var isExplicit: Bool
    }

    /// A claimed type that moved to the shared schema.
    struct Move {
        var type: String
        var domain: String
        var usedBy: String
    }

    /// The domains, in configuration order, then those only `@domain` names.
    var domains: [String]
    /// The domain of each type that has one; every other type is shared.
    var homes: [String: String] = [:]
    /// For each root type, the domain of each root field that has one.
    var rootFieldHomes: [String: [String: String]] = [:]
    var moves: [Move] = []
    /// The root type names.
    let rootNames: Set<String>

    init(schema: GraphQLSchema, configuration: SchemaSplitConfiguration) throws(CompilerError) {
        rootNames = Set([schema.queryTypeName, schema.mutationTypeName, schema.subscriptionTypeName].compactMap { $0 })
        domains = configuration.domains.map(\.name)
        var claims = try ClaimCollector(schema: schema, configuration: configuration, rootNames: rootNames).collect()
        for claim in claims.types.values.sorted(by: { $0.domain < $1.domain }) where !domains.contains(claim.domain) {
            domains.append(claim.domain)
        }
        try settle(schema: schema, claims: &claims, binding: !configuration.sharesCrossDomainTypes)
        homes = claims.types.mapValues(\.domain)
        rootFieldHomes = claims.rootFields.mapValues { $0.mapValues(\.domain) }
        try checkNoneEmpty(configuration)
    }

    /// Fails for a domain left with no type and no root field: its file would be empty.
    private func checkNoneEmpty(_ configuration: SchemaSplitConfiguration) throws(CompilerError) {
        let failures = configuration.domains.compactMap { domain -> Diagnostic? in
            let isEmpty =
                !homes.values.contains(domain.name)
                && !rootFieldHomes.values.contains { $0.values.contains(domain.name) }
            guard isEmpty else { return nil }
            let moved = moves.filter { $0.domain == domain.name }.prefix(3)
                .map { "\($0.type) is used by \($0.usedBy)" }
            return Diagnostic(
                .error,
                "Domain '\(domain.name)' is left with no type: every type it was assigned is used outside it"
                    + (moved.isEmpty ? "" : " (\(moved.joined(separator: "; ")))")
                    + ". Assign it types only it uses, or remove it.",
                at: [domain.location], rule: "SplitConfiguration")
        }
        if !failures.isEmpty { throw CompilerError(failures) }
    }

    /// Moves claimed types that are used outside their domain to the shared schema, until nothing moves.
    private mutating func settle(
        schema: GraphQLSchema, claims: inout ClaimCollector.Claims, binding: Bool
    ) throws(CompilerError) {
        var changed = true
        while changed {
            changed = false
            var failures: [Diagnostic] = []
            func use(_ reference: TypeReferences.Reference, from user: String?, at location: SourceLocation) {
                guard let claim = claims.types[reference.name], claim.domain != user else { return }
                let place = user.map { "domain '\($0)'" } ?? "the shared schema"
                if claim.isExplicit || binding {
                    failures.append(
                        Diagnostic(
                            .error,
                            "\(reference.name) is assigned to domain '\(claim.domain)' by \(claim.reason), but "
                                + "\(reference.via) in \(place) uses it, so \(place) cannot resolve without domain "
                                + "'\(claim.domain)'. Leave \(reference.name) unassigned to share it, or assign "
                                + "both to the same domain.",
                            at: [claim.location, location], rule: "SplitConfiguration"))
                    return
                }
                claims.types[reference.name] = nil
                moves.append(Move(type: reference.name, domain: claim.domain, usedBy: "\(reference.via) (\(place))"))
                changed = true
            }
            for type in schema.types where !rootNames.contains(type.name) {
                for reference in TypeReferences.of(type) {
                    use(reference, from: claims.types[type.name]?.domain, at: type.location)
                }
            }
            for directive in schema.directives {
                for reference in TypeReferences.of(directive) { use(reference, from: nil, at: directive.location) }
            }
            for rootName in rootNames.sorted() {
                guard let root = schema.type(named: rootName) else { continue }
                for field in root.fields {
                    let references = TypeReferences.of(field, in: rootName)
                    if let pinned = claims.rootFields[rootName]?[field.name] {
                        references.forEach { use($0, from: pinned.domain, at: field.location) }
                        continue
                    }
                    let reached = Set(references.compactMap { claims.types[$0.name]?.domain })
                    if reached.count > 1 {
                        references.forEach { use($0, from: nil, at: field.location) }
                    }
                }
            }
            if !failures.isEmpty { throw CompilerError(failures) }
        }
        for rootName in rootNames.sorted() {
            guard let root = schema.type(named: rootName) else { continue }
            for field in root.fields where claims.rootFields[rootName]?[field.name] == nil {
                let reached = Set(TypeReferences.of(field, in: rootName).compactMap { claims.types[$0.name]?.domain })
                if reached.count == 1, let domain = reached.first {
                    claims.rootFields[rootName, default: [:]][field.name] = Claim(
                        domain: domain, reason: "its types", location: field.location, isExplicit: false)
                }
            }
        }
    }
}
