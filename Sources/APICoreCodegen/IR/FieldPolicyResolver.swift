import APICoreCompiler

/// The field policies of a schema, from its `@typePolicy(connectionFields:)` and
/// `@fieldPolicy(forField:keyArgs:paginationArgs:)` directives and from the configuration's `options.fieldPolicies`
/// (which win for the same field), checked against the schema and resolved to the arguments each field keeps.
///
/// A policy on an interface applies to the field on every object type that implements it, unless the object type has
/// its own. A type, field or argument the schema does not have is an error located at the policy.
enum FieldPolicyResolver {
    /// One field's policy, ready to render.
    struct Resolved: Equatable {
        let typeName: String
        let fieldName: String
        let merge: FieldPolicyOption.Merge
        /// The arguments that stay in the storage key, in declaration order.
        let keyArguments: [String]
        let offsetArgument: String
    }

    /// The policies, sorted by type and field name.
    static func policies(
        in schema: GraphQLSchema, configured: [FieldPolicyOption]
    ) throws(CompilerError) -> [Resolved] {
        var declared: [String: FieldPolicyOption] = [:]
        for type in schema.types {
            guard case .object = type else {
                if case .interface = type { try collect(from: type, in: schema, into: &declared) }
                continue
            }
            try collect(from: type, in: schema, into: &declared)
        }
        for option in configured { declared[option.typeName + "." + option.fieldName] = option }

        var resolved: [String: Resolved] = [:]
        for option in declared.values {
            let policy = try resolve(option, in: schema)
            resolved[option.typeName + "." + option.fieldName] = policy
        }
        // An interface's policy reaches the objects that implement it and have none of their own.
        for policy in resolved.values {
            guard case .interface(let interface)? = schema.type(named: policy.typeName) else { continue }
            for object in schema.possibleTypes(of: .interface(interface)) {
                let key = object.name + "." + policy.fieldName
                guard resolved[key] == nil, declared[key] == nil else { continue }
                resolved[key] = Resolved(
                    typeName: object.name, fieldName: policy.fieldName, merge: policy.merge,
                    keyArguments: policy.keyArguments, offsetArgument: policy.offsetArgument)
            }
        }
        return resolved.values.sorted { ($0.typeName, $0.fieldName) < ($1.typeName, $1.fieldName) }
    }

    /// The policies a type's directives declare.
    private static func collect(
        from type: SchemaType, in schema: GraphQLSchema, into declared: inout [String: FieldPolicyOption]
    ) throws(CompilerError) {
        for directive in type.directives {
            switch directive.name.value {
            case "typePolicy":
                guard let fields = try words(of: "connectionFields", in: directive) else { continue }
                for field in fields {
                    declared[type.name + "." + field] = FieldPolicyOption(
                        typeName: type.name, fieldName: field, merge: .relayConnection, location: directive.location)
                }
            case "fieldPolicy":
                guard let field = try words(of: "forField", in: directive)?.first else {
                    throw failure("@fieldPolicy needs forField, the name of a field.", at: directive.location)
                }
                let keyArguments = try words(of: "keyArgs", in: directive)
                let paginationArguments = try words(of: "paginationArgs", in: directive)
                var option = FieldPolicyOption(
                    typeName: type.name, fieldName: field, merge: .replace, keyArguments: keyArguments,
                    paginationArguments: paginationArguments, location: directive.location)
                if let paginationArguments, !paginationArguments.isEmpty {
                    option.merge = pagingMerge(of: type.field(named: field), in: schema)
                    if option.merge == .offsetList {
                        option.offsetArgument =
                            paginationArguments.first { ["offset", "skip", "start"].contains($0) }
                            ?? paginationArguments[0]
                    }
                }
                declared[type.name + "." + field] = option
            default:
                continue
            }
        }
    }

    /// How a field named in `paginationArgs` pages: a Relay connection when its type has `edges` or `nodes`, an
    /// offset list when it is a list.
    private static func pagingMerge(of field: SchemaField?, in schema: GraphQLSchema) -> FieldPolicyOption.Merge {
        guard let field else { return .replace }
        var type = field.type
        if case .nonNull(let inner, _) = type { type = inner }
        if case .list = type { return .offsetList }
        let named = schema.type(named: field.type.namedType.value)
        if named?.field(named: "edges") != nil || named?.field(named: "nodes") != nil { return .relayConnection }
        return .replace
    }

    private static func resolve(_ option: FieldPolicyOption, in schema: GraphQLSchema) throws(CompilerError) -> Resolved
    {
        let place = "\(option.typeName).\(option.fieldName)"
        guard let type = schema.type(named: option.typeName), Self.hasFields(type) else {
            throw failure(
                "The field policy for \"\(place)\" names \"\(option.typeName)\", which is not an object or interface "
                    + "type of the schema.", at: option.location)
        }
        guard let field = type.field(named: option.fieldName) else {
            throw failure(
                "The field policy for \"\(place)\" names the field \"\(option.fieldName)\", which \"\(type.name)\" does not have.",
                at: option.location)
        }
        let declared = field.arguments.map(\.name)
        let named =
            (option.keyArguments ?? []) + (option.paginationArguments ?? [])
            + (option.merge == .offsetList ? [option.offsetArgument] : [])
        for argument in named where !declared.contains(argument) {
            throw failure(
                "The field policy for \"\(place)\" names an argument \"\(argument)\" the field does not have; its "
                    + "arguments are \(declared.isEmpty ? "none" : declared.joined(separator: ", ")).",
                at: option.location)
        }
        let paging = Set(option.paginationArguments ?? option.defaultPaginationArguments)
        let keyArguments =
            option.keyArguments.map { kept in declared.filter(kept.contains) }
            ?? declared.filter { !paging.contains($0) }
        return Resolved(
            typeName: type.name, fieldName: field.name, merge: option.merge, keyArguments: keyArguments,
            offsetArgument: option.offsetArgument)
    }

    private static func hasFields(_ type: SchemaType) -> Bool {
        switch type {
        case .object, .interface: true
        default: false
        }
    }

    /// The words of a string argument of a directive (`"id owner"`); `nil` when it is absent or null.
    private static func words(of name: String, in directive: Directive) throws(CompilerError) -> [String]? {
        guard let argument = directive.arguments.first(where: { $0.name.value == name }) else { return nil }
        switch argument.value.kind {
        case .string(let text, _): return text.split(whereSeparator: \.isWhitespace).map(String.init)
        case .null: return nil
        default:
            throw failure("@\(directive.name.value)(\(name):) must be a string.", at: directive.location)
        }
    }

    private static func failure(_ message: String, at location: SourceLocation) -> CompilerError {
        CompilerError(Diagnostic(.error, message, at: [location], rule: "FieldPolicy"))
    }
}
