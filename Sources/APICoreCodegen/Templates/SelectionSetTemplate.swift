import APICoreCompiler

/// Renders an ``IRSelectionSet`` as a Swift struct that holds its checked response object: its parent type and
/// selections as static data (what decoding checks the data against, and what the cache reads), and one computed
/// property per field, fragment, type case and deferred part, each a one-line read of the data.
///
/// Decoding builds nothing per field: ``GraphQLSelectionValidator`` checks the whole tree against the selections once,
/// and a property reads its value when it is asked for. So the generated code is a table and thin accessors, not a
/// decoder per selection set.
struct SelectionSetTemplate {
    let context: TemplateContext

    /// The struct, indented by `indent`, conforming to `conformance` (and ``GraphQLDataSelectionSet``), with `header`
    /// lines (already indented) first.
    ///
    /// A nested struct whose text, apart from its name, is the same as one rendered before it in the file is a
    /// `typealias` of that one: the same selections on the same type, read and cached the same way.
    func render(_ set: IRSelectionSet, conformance: String?, header: [String] = [], indent: String) -> String {
        render(set, conformance: conformance, header: header, indent: indent, firstStructs: FirstStructs())
    }

    /// The qualified name of the first nested struct rendered with each text (without its first line).
    final class FirstStructs {
        var byText: [String: String] = [:]
    }

    /// The struct; nested structs are aliases of earlier identical ones when `firstStructs` is given.
    private func render(
        _ set: IRSelectionSet, conformance: String?, header: [String] = [], indent: String, firstStructs: FirstStructs?
    ) -> String {
        let access = context.access
        let inner = indent + "    "
        let conformances = (conformance.map { [$0] } ?? []) + ["GraphQLDataSelectionSet"]
        var lines: [String] = ["\(indent)\(access)struct \(set.typeName): \(conformances.joined(separator: ", ")) {"]
        lines += header
        lines.append(
            "\(inner)\(accessor)static var __parentType: GraphQLParentType { "
                + "\(context.parentTypeReference(set.parentTypeName)) }")
        lines.append(contentsOf: selections(set, indent: inner))
        lines.append("")
        lines += storage(indent: inner)
        for field in set.fields where field.propertyName != "__typename" {
            lines.append("")
            append(SwiftNames.docComment(field.description, indent: inner), to: &lines)
            append(SwiftNames.deprecation(field.deprecationReason, indent: inner), to: &lines)
            lines.append(
                "\(inner)\(accessor)var \(SwiftNames.identifier(field.propertyName)): \(fieldType(field, qualified: false)) "
                    + "{ \(Self.read(field.responseKey, if: field.conditions)) }")
        }
        for forwarded in set.forwardedFields {
            lines.append("")
            append(SwiftNames.deprecation(forwarded.deprecationReason, indent: inner), to: &lines)
            lines.append(
                "\(inner)\(accessor)var \(SwiftNames.identifier(forwarded.propertyName)): \(forwarded.swiftType) { "
                    + "\(Self.read(forwarded.responseKey, if: forwarded.conditions)) }")
        }
        if !set.fragments.isEmpty {
            lines.append("")
            lines.append(
                "\(inner)\(accessor)var fragments: Fragments { Fragments(__data: __data, variables: __variables) }")
        }
        for part in set.typeCases {
            let condition = part.conditions.isEmpty ? "" : "if: \(Self.conditions(part.conditions))"
            lines.append(
                "\(inner)\(accessor)var \(SwiftNames.identifier(part.propertyName)): \(part.selectionSet.typeName)? { "
                    + "__typeCase(\(condition)) }")
        }
        for part in set.deferredParts {
            lines.append(
                "\(inner)\(accessor)var \(SwiftNames.identifier(part.propertyName)): \(part.selectionSet.typeName)? { "
                    + "__deferred() }")
        }
        if !set.fragments.isEmpty {
            lines.append("")
            lines.append("\(inner)\(access)struct Fragments: GraphQLCheckedData, Hashable {")
            lines += storage(indent: inner + "    ")
            for use in set.fragments {
                let type = use.typeName + (use.conditions.isEmpty && use.deferLabel == nil ? "" : "?")
                let read =
                    use.deferLabel != nil
                    ? "__deferred()"
                    : use.conditions.isEmpty ? "__fragment()" : "__fragment(if: \(Self.conditions(use.conditions)))"
                lines.append(
                    "\(inner)    \(accessor)var \(SwiftNames.identifier(use.propertyName)): \(type) { \(read) }")
            }
            lines.append("\(inner)}")
        }
        let nested = set.fields.compactMap(\.selectionSet) + (set.typeCases + set.deferredParts).map(\.selectionSet)
        for child in nested {
            lines.append("")
            if let firstStructs {
                let text = render(child, conformance: nil, indent: "", firstStructs: nil)
                let body = String(text.drop { $0 != "\n" })
                if let first = firstStructs.byText[body] {
                    lines.append("\(inner)\(access)typealias \(child.typeName) = \(first)")
                    continue
                }
                firstStructs.byText[body] = child.qualifiedName
            }
            lines.append(render(child, conformance: nil, indent: inner, firstStructs: firstStructs))
        }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
    }

    /// The access level of an accessor: public accessors are emitted into the code that reads them, so the module
    /// exports no symbol, no code and no key-path descriptor per property.
    private var accessor: String {
        context.access.isEmpty ? "" : "@_alwaysEmitIntoClient " + context.access
    }

    /// The two stored properties and the initializer of a ``GraphQLCheckedData`` type.
    private func storage(indent: String) -> [String] {
        let access = context.access
        return [
            "\(indent)\(access)let __data: JSONObject",
            "\(indent)\(access)let __variables: JSONObject",
            "",
            "\(indent)\(access)init(__data: JSONObject, variables: JSONObject) {",
            "\(indent)    self.__data = __data",
            "\(indent)    __variables = variables",
            "\(indent)}",
        ]
    }

    /// The expression that reads a field from the data: `__field("name")`, or with its `@include`/`@skip`
    /// conditions. A field a fragment selects is read from the same object, never through the fragment's deprecated
    /// property.
    static func read(_ responseKey: String, if conditions: [IRCondition]) -> String {
        let key = SwiftNames.stringLiteral(responseKey)
        return conditions.isEmpty ? "__field(\(key))" : "__field(\(key), if: \(Self.conditions(conditions)))"
    }

    /// The Swift type of a stored field; `qualified` spells nested structs from outside the struct.
    func fieldType(_ field: IRField, qualified: Bool) -> String {
        let type = context.mapper.outputType(field.type, object: field.objectTypeName(qualified: qualified))
        return field.conditions.isEmpty ? type : IRBuilder.optional(type)
    }

    private func append(_ text: String, to lines: inout [String]) {
        guard !text.isEmpty else { return }
        lines.append(String(text.dropLast()))
    }

    private func selections(_ set: IRSelectionSet, indent: String) -> [String] {
        var items: [String] = []
        for field in set.fields where !field.isInherited {
            var arguments = ""
            if !field.arguments.isEmpty {
                let pairs = field.arguments.map {
                    "(\(SwiftNames.stringLiteral($0.name.value)), \(ArgumentTemplate.render($0.value)))"
                }
                arguments = ", arguments: [\(pairs.joined(separator: ", "))]"
            }
            let alias = field.alias.map { ", alias: \(SwiftNames.stringLiteral($0))" } ?? ""
            let type = context.mapper.outputTypeData(field.type, object: field.selectionSet?.typeName)
            // Leaves carry their Swift type, which decoding checks their values against; the `__typename` generated
            // code selects everywhere is read by type cases only.
            let isTypename = field.name == "__typename" && field.alias == nil
            let leaf =
                field.selectionSet != nil || isTypename
                ? "" : ", leaf: \(context.mapper.outputType(field.type, object: nil)).self"
            let item =
                ".field(GraphQLField(\(SwiftNames.stringLiteral(field.name))\(alias), \(type)\(arguments)\(leaf)))"
            items.append(conditional(field.conditions, item))
        }
        for use in set.fragments where !use.isInherited {
            if let label = use.deferLabel {
                items.append(
                    ".deferred(label: \(label.map(SwiftNames.stringLiteral) ?? "nil"), \(use.typeName).self)")
            } else {
                items.append(conditional(use.conditions, ".fragment(\(use.typeName).self)"))
            }
        }
        for part in set.typeCases {
            items.append(conditional(part.conditions, ".inlineFragment(\(part.selectionSet.typeName).self)"))
        }
        for part in set.deferredParts {
            let label = part.label.map(SwiftNames.stringLiteral) ?? "nil"
            items.append(".deferred(label: \(label), \(part.selectionSet.typeName).self)")
        }
        let head = "\(indent)\(context.access)static let __selections: [GraphQLSelection] = ["
        guard !items.isEmpty else { return [head + "]"] }
        return [head] + items.map { "\(indent)    \($0)," } + ["\(indent)]"]
    }

    private func conditional(_ conditions: [IRCondition], _ item: String) -> String {
        conditions.isEmpty ? item : ".conditional(\(Self.conditions(conditions)), [\(item)])"
    }

    /// `.include("v")`, or `GraphQLConditions([.include("a"), .skip("b")])` for several.
    static func conditions(_ conditions: [IRCondition]) -> String {
        let rendered = conditions.map {
            "\($0.isInclude ? ".include" : ".skip")(\(SwiftNames.stringLiteral($0.variable)))"
        }
        return rendered.count == 1 ? rendered[0] : "GraphQLConditions([\(rendered.joined(separator: ", "))])"
    }
}
