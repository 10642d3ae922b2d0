import APICoreCompiler

/// Renders the schema types that operations use, in three files: the namespace with the type policies, custom scalars
/// and parent types, the enums, and the input objects.
struct SchemaTypesTemplate {
    let context: TemplateContext
    /// The Swift type of each custom scalar by GraphQL name; unmapped scalars are `String`.
    let customScalars: [String: String]
    /// The key fields of every object type with a `@typePolicy`, sorted by type name.
    let typePolicies: [(typeName: String, keyFields: [String])]
    /// The field policies, sorted by type and field name.
    var fieldPolicies: [FieldPolicyResolver.Resolved] = []
    /// The schema's `@cacheControl(maxAge:)` times to live by coordinate (`Type`, `Type.field`), sorted.
    var maxAges: [(coordinate: String, seconds: Int)] = []

    /// `(file name, contents)` pairs; files with nothing to declare are left out, the namespace file never is.
    func render(_ typeNames: [String]) -> [(name: String, contents: String)] {
        let types = typeNames.compactMap { context.schema.type(named: $0) }
        let namespace = context.mapper.namespace
        var files = [(namespace + ".graphql.swift", namespaceFile(types))]
        let enums = types.compactMap { if case .enumeration(let type) = $0 { type } else { nil } }
        if !enums.isEmpty {
            let body = enums.map(EnumTemplate(access: context.access, namespace: namespace).render).joined(
                separator: "\n\n")
            files.append((namespace + "+Enums.graphql.swift", extensionFile(body)))
        }
        let inputs = types.compactMap { if case .inputObject(let type) = $0 { type } else { nil } }
        if !inputs.isEmpty {
            let template = InputObjectTemplate(context: context)
            let body = inputs.map(template.render).joined(separator: "\n\n")
            files.append((namespace + "+InputObjects.graphql.swift", extensionFile(body)))
        }
        return files
    }

    /// `static let typePolicies`, which the normalized cache reads to key objects by their `@typePolicy` fields.
    private func typePolicyLines() -> [String] {
        let head = [
            "    /// The key fields of the object types the schema gives a `@typePolicy`, for the normalized cache.",
            "    \(context.access)static let typePolicies = GraphQLTypePolicies(keyFields: [",
        ]
        guard !fieldPolicies.isEmpty || !maxAges.isEmpty else {
            guard !typePolicies.isEmpty else { return [head[0], head[1] + ":])"] }
            return head + keyFieldLines() + ["    ])"]
        }
        var lines: [String]
        switch (fieldPolicies.isEmpty, maxAges.isEmpty) {
        case (false, true):
            lines = [
                "    /// The key fields of the object types the schema gives a `@typePolicy`, and the field policies that",
                "    /// store paginated fields as one list, for the normalized cache.",
            ]
        case (true, _):
            lines = [
                "    /// The key fields of the object types the schema gives a `@typePolicy`, and the times to live its",
                "    /// `@cacheControl(maxAge:)` gives types and fields, for the normalized cache.",
            ]
        case (false, false):
            lines = [
                "    /// The key fields of the object types the schema gives a `@typePolicy`, the field policies that store",
                "    /// paginated fields as one list, and the times to live its `@cacheControl(maxAge:)` gives types and",
                "    /// fields, for the normalized cache.",
            ]
        }
        lines.append("    \(context.access)static let typePolicies = GraphQLTypePolicies(")
        lines +=
            typePolicies.isEmpty
            ? ["        keyFields: [:],"] : ["        keyFields: ["] + keyFieldLines(indent: 12) + ["        ],"]
        if fieldPolicies.isEmpty {
            // Only times to live.
            return lines + ["        maxAges: ["] + maxAgeLines() + ["        ])"]
        }
        lines.append("        fieldPolicies: [")
        var byType: [(typeName: String, policies: [FieldPolicyResolver.Resolved])] = []
        for policy in fieldPolicies {
            if byType.last?.typeName == policy.typeName {
                byType[byType.count - 1].policies.append(policy)
            } else {
                byType.append((policy.typeName, [policy]))
            }
        }
        for (typeName, policies) in byType {
            lines.append("            \(SwiftNames.stringLiteral(typeName)): [")
            for policy in policies {
                lines.append(
                    "                \(SwiftNames.stringLiteral(policy.fieldName)): \(Self.policyLiteral(policy)),")
            }
            lines.append("            ],")
        }
        guard !maxAges.isEmpty else { return lines + ["        ])"] }
        return lines + ["        ],", "        maxAges: ["] + maxAgeLines() + ["        ])"]
    }

    private func maxAgeLines() -> [String] {
        maxAges.map { "            \(SwiftNames.stringLiteral($0.coordinate)): \($0.seconds)," }
    }

    private func keyFieldLines(indent: Int = 8) -> [String] {
        typePolicies.map { policy in
            let fields = policy.keyFields.map(SwiftNames.stringLiteral).joined(separator: ", ")
            return String(repeating: " ", count: indent) + "\(SwiftNames.stringLiteral(policy.typeName)): [\(fields)],"
        }
    }

    /// A `GraphQLFieldPolicy` expression.
    private static func policyLiteral(_ policy: FieldPolicyResolver.Resolved) -> String {
        let keys = "[" + policy.keyArguments.map(SwiftNames.stringLiteral).joined(separator: ", ") + "]"
        switch policy.merge {
        case .replace:
            return "GraphQLFieldPolicy(keyArguments: \(keys))"
        case .relayConnection:
            return ".relayConnection(keyArguments: \(keys))"
        case .offsetList:
            return
                ".offsetList(offsetArgument: \(SwiftNames.stringLiteral(policy.offsetArgument)), keyArguments: \(keys))"
        }
    }

    private func extensionFile(_ body: String) -> String {
        context.schemaHeader + "nonisolated extension \(context.mapper.namespace) {\n" + body + "\n}\n"
    }

    private func namespaceFile(_ types: [SchemaType]) -> String {
        let access = context.access
        var lines = [
            "/// The schema types the operations use.", "\(context.typeModifiers)enum \(context.mapper.namespace) {",
        ]
        lines += typePolicyLines()
        var groups: [String: [String]] = [:]
        let scalarMapping = ScalarMapping(configured: customScalars)
        for type in types {
            let name = SwiftNames.schemaTypeName(type.name, namespace: context.mapper.namespace)
            let literal = SwiftNames.stringLiteral(type.name)
            switch type {
            case .scalar(let scalar) where !scalar.isBuiltIn:
                if !lines.last!.hasSuffix("{") { lines.append("") }
                if let text = SwiftNames.docComment(scalar.description, indent: "    ").nonEmpty {
                    lines.append(String(text.dropLast()))
                }
                let swiftType =
                    context.fileScalars.names.contains(type.name)
                    ? "GraphQLFile" : scalarMapping.swiftType(of: type.name)
                lines.append("    \(access)typealias \(name) = \(swiftType)")
            case .object:
                // Computed: an object's parent type is a name and a kind, cheaper to build where it is read than a
                // lazily initialized global with its accessor, its once-token and its exported symbols.
                groups["Objects", default: []].append(
                    "\(context.accessor)static var \(name): GraphQLParentType { .object(\(literal)) }")
            case .interface, .union:
                let possible = context.schema.possibleTypes(of: type).map { SwiftNames.stringLiteral($0.name) }
                let kind = type.isInterface ? "interface" : "union"
                groups[TemplateContext.parentTypeGroup(of: type), default: []].append(
                    "\(access)static let \(name) = GraphQLParentType.\(kind)(\n"
                        + "            \(literal), possibleTypes: [\(possible.joined(separator: ", "))])")
            default:
                break
            }
        }
        for group in ["Objects", "Interfaces", "Unions"] {
            guard let members = groups[group] else { continue }
            if !lines.last!.hasSuffix("{") { lines.append("") }
            lines.append("    \(context.typeModifiers)enum \(group) {")
            lines += members.map { "        " + $0 }
            lines.append("    }")
        }
        lines.append("}")
        return context.schemaHeader + lines.joined(separator: "\n") + "\n"
    }
}

extension SchemaType {
    /// Whether the type is an interface.
    var isInterface: Bool {
        if case .interface = self { return true }
        return false
    }
}

extension String {
    /// The string, or `nil` when empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
