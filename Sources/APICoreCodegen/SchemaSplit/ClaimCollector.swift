import APICoreCompiler

/// Collects the domain claims of a split configuration: `@domain` on types and root fields, the mapping table, and
/// the patterns, checking that each names something and that no type goes to two domains.
struct ClaimCollector {
    /// The claims found.
    struct Claims {
        var types: [String: DomainAssignment.Claim] = [:]
        var rootFields: [String: [String: DomainAssignment.Claim]] = [:]
    }

    let schema: GraphQLSchema
    let configuration: SchemaSplitConfiguration
    let rootNames: Set<String>

    /// The types a domain can hold: every named type but the built-in scalars, the introspection types and the root
    /// types (whose fields are split instead).
    var candidates: [SchemaType] {
        schema.types.filter {
            !$0.name.hasPrefix("__") && !BuiltInScalars.names.contains($0.name) && !rootNames.contains($0.name)
        }
    }

    func collect() throws(CompilerError) -> Claims {
        var claims = Claims()
        var failures: [Diagnostic] = []
        func claim(_ name: String, _ new: DomainAssignment.Claim) {
            if let existing = claims.types[name], existing.domain != new.domain {
                failures.append(
                    Diagnostic(
                        .error,
                        "\(name) is assigned to two domains: '\(existing.domain)' by \(existing.reason) and "
                            + "'\(new.domain)' by \(new.reason). Assign it to one domain.",
                        at: [new.location, existing.location], rule: "SplitConfiguration"))
                return
            }
            claims.types[name] = new
        }
        let directive = configuration.directiveName
        for type in candidates {
            if let found = TypeReferences.stringArgument("name", of: directive, in: type.directives) {
                checkDomainName(found.value, at: found.location, into: &failures)
                claim(
                    type.name,
                    .init(domain: found.value, reason: "@\(directive)", location: found.location, isExplicit: true))
            }
        }
        for rootName in rootNames.sorted() {
            for field in schema.type(named: rootName)?.fields ?? [] {
                guard let found = TypeReferences.stringArgument("name", of: directive, in: field.directives) else {
                    continue
                }
                checkDomainName(found.value, at: found.location, into: &failures)
                claims.rootFields[rootName, default: [:]][field.name] = .init(
                    domain: found.value, reason: "@\(directive)", location: found.location, isExplicit: true)
            }
        }
        for domain in configuration.domains {
            for entry in domain.types {
                if rootNames.contains(entry.text) {
                    failures.append(
                        Diagnostic(
                            .error,
                            "\(entry.text) is a root type: its fields are split by the types they return, or by "
                                + "@\(directive)(name:) on a field; remove it from \"types\".",
                            at: [entry.location], rule: "SplitConfiguration"))
                } else if candidates.contains(where: { $0.name == entry.text }) {
                    claim(
                        entry.text,
                        .init(
                            domain: domain.name, reason: "the mapping table", location: entry.location, isExplicit: true
                        ))
                } else {
                    failures.append(
                        Diagnostic(
                            .error, "Unknown type \"\(entry.text)\" in the types of domain '\(domain.name)'.",
                            at: [entry.location], rule: "SplitConfiguration"))
                }
            }
        }
        for domain in configuration.domains {
            for pattern in domain.patterns {
                let matched = candidates.filter { pattern.matches($0.name) }
                if matched.isEmpty {
                    failures.append(
                        Diagnostic(
                            .error, "The pattern \(pattern.display) of domain '\(domain.name)' matches no type.",
                            at: [pattern.location], rule: "SplitConfiguration"))
                }
                for type in matched where claims.types[type.name]?.isExplicit != true {
                    claim(
                        type.name,
                        .init(
                            domain: domain.name, reason: "the pattern \(pattern.display)", location: pattern.location,
                            isExplicit: false))
                }
            }
        }
        if !failures.isEmpty { throw CompilerError(failures) }
        return claims
    }

    private func checkDomainName(_ name: String, at location: SourceLocation, into failures: inout [Diagnostic]) {
        let isFileName =
            name.first?.isLetter == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        if !isFileName || name == "shared" {
            failures.append(
                Diagnostic(
                    .error,
                    "The domain name \"\(name)\" must start with a letter and hold only ASCII letters, digits, _ and "
                        + "-, and must not be \"shared\"; it names the domain's file.",
                    at: [location], rule: "SplitConfiguration"))
        }
    }
}
