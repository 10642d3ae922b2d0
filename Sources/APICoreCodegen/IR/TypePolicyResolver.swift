import APICoreCompiler

/// The key fields of each concrete object type from the schema's `@typePolicy(keyFields: "id owner")` directives: the
/// type's own policy, else the policy of an interface it implements.
///
/// A key field the type does not have, and two interfaces of one type that name different key fields, are errors
/// located at the directive: the cache could not key those objects the way the schema says.
enum TypePolicyResolver {
    /// `(object type name, key fields)` pairs sorted by type name, only for types with a policy.
    static func keyFields(in schema: GraphQLSchema) throws(CompilerError) -> [(typeName: String, keyFields: [String])] {
        var interfacePolicies: [String: (fields: [String], location: SourceLocation)] = [:]
        for case .interface(let interface) in schema.types {
            if let policy = try policy(of: interface.directives) { interfacePolicies[interface.name] = policy }
        }
        var result: [(typeName: String, keyFields: [String])] = []
        for case .object(let object) in schema.types {
            var chosen = try policy(of: object.directives)
            if chosen == nil {
                for name in object.interfaces {
                    guard let inherited = interfacePolicies[name] else { continue }
                    if let first = chosen, first.fields != inherited.fields {
                        throw failure(
                            "\"\(object.name)\" inherits different @typePolicy key fields from its interfaces; "
                                + "declare its own @typePolicy.", at: [inherited.location, first.location])
                    }
                    chosen = chosen ?? inherited
                }
            }
            guard let chosen else { continue }
            for field in chosen.fields where object.field(named: field) == nil {
                throw failure(
                    "The @typePolicy key field \"\(field)\" is not a field of \"\(object.name)\".",
                    at: [chosen.location])
            }
            result.append((object.name, chosen.fields))
        }
        return result.sorted { $0.typeName < $1.typeName }
    }

    private static func policy(
        of directives: [Directive]
    ) throws(CompilerError) -> (fields: [String], location: SourceLocation)? {
        guard let directive = directives.first(where: { $0.name.value == "typePolicy" }) else { return nil }
        let argument = directive.arguments.first { $0.name.value == "keyFields" }
        // A policy that only names connection or embedded fields gives no key.
        guard let argument else { return nil }
        guard case .string(let text, _) = argument.value.kind else {
            throw failure("@typePolicy needs a keyFields string such as \"id\".", at: [directive.location])
        }
        let fields = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !fields.isEmpty else {
            throw failure("@typePolicy(keyFields:) names no field.", at: [directive.location])
        }
        return (fields, directive.location)
    }

    private static func failure(_ message: String, at locations: [SourceLocation]) -> CompilerError {
        CompilerError(Diagnostic(.error, message, at: locations, rule: "TypePolicy"))
    }
}
