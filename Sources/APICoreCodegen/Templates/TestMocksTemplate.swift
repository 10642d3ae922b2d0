import APICoreCompiler

/// Renders the test mocks: one builder struct per schema object type the operations can receive, with a typed,
/// optional property (and initializer parameter) for each of its fields that some operation or fragment selects, and
/// a protocol per interface and union those types are reached through, which the builders of its possible types
/// adopt. All in one namespace enum (`<namespace>Mocks`) in one file, which imports only the runtime (with the built-in
/// scalars when a scalar is mapped to one), the mocks' runtime and the schema types' module: builders depend on schema
/// types, never on operations.
///
/// Fields are limited to the selected ones to keep the generated code small; a field that a test needs but no
/// operation selects could never reach the operations' data anyway.
struct TestMocksTemplate {
    let context: TemplateContext
    /// The module the schema types are in, imported when it is not the mocks' own.
    let schemaTypesModule: String?

    /// The mocks' namespace enum.
    var namespace: String { context.mapper.namespace + "Mocks" }

    /// The mocks file: `(file name, contents)`.
    func render(_ compilation: IRCompilation) -> (name: String, contents: String) {
        let schema = context.schema
        let selected = Self.selectedFields(compilation)
        let (objects, abstracts) = Self.types(reachedFrom: selected, in: schema)
        // Type names: unique, clear of Swift's, the runtime's and the namespaces' own names.
        let reserved = Self.spelledNames.union(SwiftNames.keywords).union(Self.typeModifiers).union([
            context.mapper.namespace, namespace,
        ])
        var typeScope = SwiftNameScope(reserving: reserved)
        var names: [String: String] = [:]
        for type in abstracts + objects.map(\.name) { names[type] = typeScope.claim(type) }
        var lines = [
            "/// Builders of test data for the object types of `\(context.mapper.namespace)` that the operations use.",
            "///",
            "/// Set the fields a test cares about; the others get placeholders when a builder is encoded for an",
            "/// operation: `try Query.Data(mock: builder)`.",
            "\(context.typeModifiers)enum \(namespace) {",
        ]
        for abstract in abstracts {
            lines.append("    /// The builders of the possible types of `\(abstract)`.")
            lines += Self.description(schema.type(named: abstract)?.description)
            lines.append("    \(context.typeModifiers)protocol \(names[abstract]!): GraphQLMockObject {}")
            lines.append("")
        }
        for object in objects {
            let conformances = abstracts.filter {
                schema.possibleTypeNames(of: schema.type(named: $0)!).contains(object.name)
            }
            lines += render(
                object, fields: Self.fieldNames(of: object, selected: selected, in: schema),
                conformances: conformances.map { names[$0]! }, names: names)
            lines.append("")
        }
        if lines.last == "" { lines.removeLast() }
        lines.append("}")
        var header = TemplateContext.preamble + "import APICoreGraphQL\n"
        if context.importsScalars { header += "import APICoreScalars\n" }
        header += "import APICoreTestMocks\n"
        if context.importsFoundation { header += "import Foundation\n" }
        // Internal schema types (embedded in the app's target) are seen from the mocks' own target through a testable
        // import, as test targets see them.
        if let schemaTypesModule {
            header += (context.access.isEmpty ? "@testable import " : "import ") + schemaTypesModule + "\n"
        }
        return (namespace + ".graphql.swift", header + "\n" + lines.joined(separator: "\n") + "\n")
    }

    /// The names the mocks file spells unqualified, which a builder or property of the same name would hide. (Only
    /// these: a builder named like another Swift type, `Character`, hides nothing the file needs.)
    static let spelledNames: Set<String> = [
        "String", "Int", "Double", "Bool", "GraphQLEnum", "Swift", "APICoreGraphQL", "APICoreTestMocks",
        "APICoreScalars", "GraphQLMockObject", "GraphQLMockFields", "Foundation", "Type", "Protocol", "Self",
    ]

    /// Contextual keywords that, written where a type is expected, modify the type after them (`each T`,
    /// `sending T`): a builder of that name, written unqualified, would not parse.
    static let typeModifiers: Set<String> = [
        "each", "sending", "isolated", "some", "any", "inout", "borrowing", "consuming", "repeat", "__owned",
        "__shared", "_const",
    ]

    /// The members of every builder, which no property may take.
    static let builderMembers: Set<String> = [
        "__fields", "__typename", "init", "self", "Self", "Type", "Protocol", "_", "responseObject", "responseData",
        "data",
    ]

    private func render(
        _ object: ObjectType, fields fieldNames: [String], conformances: [String], names: [String: String]
    ) -> [String] {
        let access = context.access
        let typeName = names[object.name]!
        var lines = ["    /// A builder of `\(object.name)` test data."] + Self.description(object.description)
        lines.append(
            "    \(context.typeModifiers)struct \(typeName): \((["GraphQLMockObject"] + conformances).joined(separator: ", ")) {"
        )
        lines.append("        \(access)static var __typename: String { \(SwiftNames.stringLiteral(object.name)) }")
        lines.append("        \(access)var __fields = GraphQLMockFields()")
        // Properties may not take a name that a property's type is spelled with.
        var scope = SwiftNameScope(
            reserving: Self.spelledNames.union(Self.builderMembers).union(names.values).union([
                context.mapper.namespace
            ]))
        let fields = fieldNames.compactMap { name -> (SchemaField, String, String)? in
            guard let field = object.field(named: name) else { return nil }
            return (field, scope.claim(name), propertyType(field.type, names: names))
        }
        lines.append("")
        if fields.isEmpty {
            lines.append("        /// A builder with no field set.")
            lines.append("        \(access)init() {}")
        } else {
            lines.append("        /// A builder with the fields given; the others are unset.")
            lines.append("        \(access)init(")
            for (index, (_, property, type)) in fields.enumerated() {
                let comma = index == fields.count - 1 ? "" : ","
                lines.append("            \(SwiftNames.identifier(property)) _\(index): \(type) = nil\(comma)")
            }
            lines.append("        ) {")
            for (index, (field, _, _)) in fields.enumerated() {
                lines.append("            self[field: \(SwiftNames.stringLiteral(field.name))] = _\(index)")
            }
            lines.append("        }")
        }
        for (field, property, type) in fields {
            lines.append("")
            let doc =
                SwiftNames.docComment(field.description, indent: "        ")
                + SwiftNames.deprecation(field.deprecationReason, indent: "        ")
            if !doc.isEmpty { lines.append(String(doc.dropLast())) }
            let key = SwiftNames.stringLiteral(field.name)
            lines.append(
                "        \(access)var \(SwiftNames.identifier(property)): \(type) { get { self[field: \(key)] } "
                    + "set { self[field: \(key)] = newValue } }")
        }
        lines.append("    }")
        return lines
    }

    /// A schema description as doc-comment lines after a summary line: a blank line, then the text.
    private static func description(_ text: String?) -> [String] {
        let doc = SwiftNames.docComment(text, indent: "    ")
        guard !doc.isEmpty else { return [] }
        return ["    ///", String(doc.dropLast())]
    }

    /// The Swift type of a builder's property for a field: optional (unset), lists of the element types, scalars and
    /// enums as the generated code types them, objects as their builders, interfaces and unions as their protocols.
    private func propertyType(_ type: TypeReference, names: [String: String]) -> String {
        optional(element(type, names: names))
    }

    private func element(_ type: TypeReference, names: [String: String]) -> String {
        switch type {
        case .nonNull(let inner, _):
            return element(inner, names: names)
        case .list(let inner, _):
            if case .nonNull = inner { return "[\(element(inner, names: names))]" }
            return "[\(optional(element(inner, names: names)))]"
        case .named(let name):
            switch context.schema.type(named: name.value) {
            case .object?: return names[name.value]!
            case .interface?, .union?: return "any " + names[name.value]!
            default: return context.mapper.namedType(name.value)
            }
        }
    }

    private func optional(_ type: String) -> String {
        type.hasPrefix("any ") ? "(\(type))?" : type + "?"
    }

    /// The names of the fields selected on each composite type, by type name; every composite type that has a
    /// selection set is a key, even with no field but `__typename`.
    static func selectedFields(_ compilation: IRCompilation) -> [String: Set<String>] {
        var selected: [String: Set<String>] = [:]
        func visit(_ set: IRSelectionSet) {
            selected[set.parentTypeName, default: []].formUnion([])
            for field in set.fields where field.name != "__typename" {
                selected[set.parentTypeName, default: []].insert(field.name)
                if let nested = field.selectionSet { visit(nested) }
            }
            for part in set.typeCases + set.deferredParts { visit(part.selectionSet) }
        }
        for operation in compilation.operations { visit(operation.data) }
        for fragment in compilation.fragments { visit(fragment.selectionSet) }
        return selected
    }

    /// The object types that get builders and the abstract types that get protocols, each sorted by name: the
    /// composite types with selections, the possible types of the abstract ones, and the types of the builders' fields.
    static func types(
        reachedFrom selected: [String: Set<String>], in schema: GraphQLSchema
    ) -> (objects: [ObjectType], abstracts: [String]) {
        var objects: [String: ObjectType] = [:]
        var abstracts: Set<String> = []
        var pending = Array(selected.keys)
        while let name = pending.popLast() {
            guard let type = schema.type(named: name) else { continue }
            switch type {
            case .object(let object):
                guard objects[name] == nil else { continue }
                objects[name] = object
                for field in fieldNames(of: object, selected: selected, in: schema) {
                    if let fieldType = object.field(named: field)?.type.namedType.value {
                        pending.append(fieldType)
                    }
                }
            case .interface, .union:
                guard abstracts.insert(name).inserted else { continue }
                pending += schema.possibleTypes(of: type).map(\.name)
            default:
                continue
            }
        }
        return (objects.keys.sorted().map { objects[$0]! }, abstracts.sorted())
    }

    /// The fields of `object` that are selected on it or on an interface or union it can be, in the schema's order.
    static func fieldNames(
        of object: ObjectType, selected: [String: Set<String>], in schema: GraphQLSchema
    ) -> [String] {
        var names = selected[object.name] ?? []
        for (typeName, fields) in selected where typeName != object.name {
            guard let type = schema.type(named: typeName), type.isAbstract,
                schema.possibleTypeNames(of: type).contains(object.name)
            else { continue }
            names.formUnion(fields)
        }
        return object.fields.map(\.name).filter(names.contains)
    }
}
