import APICoreCompiler

/// Renders an ``IRSelectionSet`` as a Swift struct: its parent type and selections as static data, its stored
/// fields, fragments, type cases and deferred parts, an `init(reader:)` that reads them, and its nested structs.
struct SelectionSetTemplate {
    let context: TemplateContext

    /// The struct, indented by `indent`, conforming to `conformance`, with `header` lines (already indented) first.
    ///
    /// A nested struct whose text, apart from its name, is the same as one rendered before it in the file is a
    /// `typealias` of that one: the same selections on the same type, read and cached the same way.
    func render(_ set: IRSelectionSet, conformance: String, header: [String] = [], indent: String) -> String {
        render(set, conformance: conformance, header: header, indent: indent, firstStructs: FirstStructs())
    }

    /// The qualified name of the first nested struct rendered with each text (without its first line).
    final class FirstStructs {
        var byText: [String: String] = [:]
    }

    /// The struct; nested structs are aliases of earlier identical ones when `firstStructs` is given.
    private func render(
        _ set: IRSelectionSet, conformance: String, header: [String] = [], indent: String, firstStructs: FirstStructs?
    ) -> String {
        let access = context.access
        let inner = indent + "    "
        var lines: [String] = ["\(indent)\(access)struct \(set.typeName): \(conformance) {"]
        lines += header
        lines.append("\(inner)\(access)static let __parentType = \(context.parentTypeReference(set.parentTypeName))")
        lines.append(contentsOf: selections(set, indent: inner))
        lines.append("")
        lines.append("\(inner)\(access)let __data: JSONObject")
        var computed: [String] = []
        for field in set.fields where field.propertyName != "__typename" {
            let type = fieldType(field, qualified: false)
            append(SwiftNames.docComment(field.description, indent: inner), to: &lines)
            if let reason = field.deprecationReason {
                lines.append("\(inner)\(access)let \(SwiftNames.identifier(field.storageName)): \(type)")
                append(SwiftNames.deprecation(reason, indent: inner), to: &computed)
                computed.append(
                    "\(inner)\(access)var \(SwiftNames.identifier(field.propertyName)): \(type) { "
                        + "\(SwiftNames.identifier(field.storageName)) }")
            } else {
                lines.append("\(inner)\(access)let \(SwiftNames.identifier(field.storageName)): \(type)")
            }
        }
        if !set.fragments.isEmpty { lines.append("\(inner)\(access)let fragments: Fragments") }
        for part in set.typeCases + set.deferredParts {
            lines.append(
                "\(inner)\(access)let \(SwiftNames.identifier(part.propertyName)): \(part.selectionSet.typeName)?")
        }
        lines.append("")
        lines.append("\(inner)\(access)init(reader: GraphQLObjectReader) throws(GraphQLDecodingError) {")
        lines.append(contentsOf: initializerBody(set, indent: inner + "    "))
        lines.append("\(inner)}")
        for forwarded in set.forwardedFields {
            append(SwiftNames.deprecation(forwarded.deprecationReason, indent: inner), to: &computed)
            computed.append(
                "\(inner)\(access)var \(SwiftNames.identifier(forwarded.propertyName)): \(forwarded.swiftType) { "
                    + "\(forwarded.expression) }")
        }
        if !computed.isEmpty { lines += [""] + computed }
        if !set.fragments.isEmpty {
            lines.append("")
            lines.append("\(inner)\(access)struct Fragments: Sendable, Hashable {")
            for use in set.fragments {
                let optional = use.conditions.isEmpty && use.deferLabel == nil ? "" : "?"
                lines.append(
                    "\(inner)    \(access)let \(SwiftNames.identifier(use.propertyName)): \(use.typeName)\(optional)"
                )
            }
            lines.append("\(inner)}")
        }
        let nested = set.fields.compactMap(\.selectionSet) + (set.typeCases + set.deferredParts).map(\.selectionSet)
        for child in nested {
            lines.append("")
            if let firstStructs {
                let text = render(child, conformance: "GraphQLSelectionSet", indent: "", firstStructs: nil)
                let body = String(text.drop { $0 != "\n" })
                if let first = firstStructs.byText[body] {
                    lines.append("\(inner)\(access)typealias \(child.typeName) = \(first)")
                    continue
                }
                firstStructs.byText[body] = child.qualifiedName
            }
            lines.append(render(child, conformance: "GraphQLSelectionSet", indent: inner, firstStructs: firstStructs))
        }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
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
            let item = ".field(GraphQLField(\(SwiftNames.stringLiteral(field.name))\(alias), \(type)\(arguments)))"
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

    private func initializerBody(_ set: IRSelectionSet, indent: String) -> [String] {
        var lines = ["\(indent)__data = reader.object"]
        for field in set.fields where field.propertyName != "__typename" {
            let target =
                ["self", "reader"].contains(field.storageName)
                ? "self." + SwiftNames.identifier(field.storageName) : SwiftNames.identifier(field.storageName)
            let key = SwiftNames.stringLiteral(field.responseKey)
            // Objects merged from the enclosing set were seen by the observer there.
            let isMergedObject = field.isInherited && field.objectTypeName(qualified: false) != nil
            let reader = isMergedObject ? "reader.unobserved" : "reader"
            if field.conditions.isEmpty {
                lines.append("\(indent)\(target) = try \(reader).field(\(key))")
            } else if case .nonNull = field.type {
                lines.append(
                    "\(indent)\(target) = try \(reader).field(\(key), if: \(Self.conditions(field.conditions)))")
            } else {
                let type = context.mapper.outputType(field.type, object: field.objectTypeName(qualified: false))
                lines.append(
                    "\(indent)\(target) = try \(reader).field(\(key), if: \(Self.conditions(field.conditions)), "
                        + "as: \(type).self)")
            }
        }
        if !set.fragments.isEmpty {
            let arguments = set.fragments.map { use in
                let read: String
                let reader = use.isInherited ? "reader.unobserved" : "reader"
                if use.deferLabel != nil {
                    read = "reader.deferred(\(use.typeName).self)"
                } else if use.conditions.isEmpty {
                    read = "\(reader).fragment(\(use.typeName).self)"
                } else {
                    read = "\(reader).fragment(\(use.typeName).self, if: \(Self.conditions(use.conditions)))"
                }
                return "\(SwiftNames.identifier(use.propertyName)): try \(read)"
            }
            lines.append("\(indent)fragments = Fragments(\(arguments.joined(separator: ", ")))")
        }
        for part in set.typeCases {
            let read = "reader.typeCase(\(part.selectionSet.typeName).self)"
            let property = SwiftNames.identifier(part.propertyName)
            if part.conditions.isEmpty {
                lines.append("\(indent)\(property) = try \(read)")
            } else {
                lines.append(
                    "\(indent)\(property) = try reader.context.includes(\(Self.conditions(part.conditions))) ? "
                        + "\(read) : nil")
            }
        }
        for part in set.deferredParts {
            lines.append(
                "\(indent)\(SwiftNames.identifier(part.propertyName)) = try reader.deferred(\(part.selectionSet.typeName).self)"
            )
        }
        return lines
    }
}
