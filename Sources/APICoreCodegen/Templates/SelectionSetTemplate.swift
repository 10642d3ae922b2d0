import APICoreCompiler

/// Renders an ``IRSelectionSet`` as a final Swift class that holds its checked response object: its parent type and
/// selections as static data (what decoding checks the data against, and what the cache reads), and one computed
/// property per field, fragment, type case and deferred part, each a one-line read of the data.
///
/// Decoding builds nothing per field: ``GraphQLSelectionValidator`` checks the whole tree against the selections once,
/// and a property reads its value when it is asked for. So the generated code is a table and thin accessors, not a
/// decoder per selection set.
struct SelectionSetTemplate {
    let context: TemplateContext

    /// The class, indented by `indent`: a subclass of `GraphQLSelectionSetObject`, also conforming to `conformance`
    /// (`GraphQLRootSelectionSet`, `GraphQLFragment`) when given, with `header` lines (already indented) first.
    ///
    /// A nested class whose text, apart from its name, is the same as one rendered before it in the file is a
    /// `typealias` of that one: the same selections on the same type, read and cached the same way.
    ///
    /// Returns the class and, apart, the extensions that go at file scope.
    func render(
        _ set: IRSelectionSet, conformance: String?, header: [String] = [], indent: String
    ) -> (declaration: String, extensions: [String]) {
        let file = FileParts()
        let text = render(set, conformance: conformance, header: header, indent: indent, file: file, plain: file)
        return (text, file.extensions)
    }

    /// What the classes of one file share: the first class rendered with each text (by its text without its first
    /// line), the extensions that give each class's `fragments` their properties, which go at file scope, and each
    /// nested class's text as compared.
    final class FileParts {
        var firstStructs: [String: String] = [:]
        var extensions: [String] = []
        /// Each nested class's text with no indentation, aliases or extensions, by qualified name: rendered once,
        /// and indented where a class around it is rendered only to be compared.
        var plainTexts: [String: String] = [:]
    }

    /// The class; nested classes are aliases of earlier identical ones, and extensions are collected, when `file` is
    /// given (not when a class is rendered only to compare its text). `plain` keeps the texts compared.
    private func render(
        _ set: IRSelectionSet, conformance: String?, header: [String] = [], indent: String, file: FileParts?,
        plain: FileParts
    ) -> String {
        let access = context.access
        let inner = indent + "    "
        let identity = identity(of: set)
        // Safety: the class adds no stored property to its superclass, whose one stored property is an immutable
        // reference to a `Sendable` object; Swift 6 asks every subclass to restate the unchecked conformance.
        let sendable = "@unchecked Sendable"
        let conformances =
            ["GraphQLSelectionSetObject"] + (conformance.map { [$0] } ?? [])
            + (identity == nil ? [] : ["Identifiable"]) + [sendable]
        var lines: [String] = [
            "\(indent)\(context.typeModifiers)final class \(set.typeName): \(conformances.joined(separator: ", ")) {"
        ]
        lines += header
        lines.append(
            "\(inner)\(access)override class var __parentType: GraphQLParentType { "
                + "\(context.parentTypeReference(set.parentTypeName)) }")
        lines.append(contentsOf: selections(set, indent: inner))
        if context.generatesInitializers {
            lines.append("")
            lines += memberwiseInitializer(set, indent: inner)
        }
        for part in set.typeCases where context.generatesInitializers {
            lines.append("")
            lines.append("\(inner)/// The object as its `\(part.selectionSet.parentTypeName)` case holds it.")
            lines.append("\(inner)\(accessor)convenience init(_ typeCase: \(part.selectionSet.typeName)) {")
            lines.append("\(inner)    self.init(__object: typeCase.__object)")
            lines.append("\(inner)}")
        }
        for field in set.fields where field.propertyName != "__typename" {
            lines.append("")
            append(SwiftNames.docComment(field.description, indent: inner), to: &lines)
            append(SwiftNames.deprecation(field.deprecationReason, indent: inner), to: &lines)
            lines.append(
                "\(inner)\(accessor)var \(SwiftNames.identifier(field.propertyName)): "
                    + "\(fieldType(field, qualified: false)) { "
                    + "\(Self.read(field.responseKey, if: field.conditions, isResult: field.isResult)) }")
        }
        for forwarded in set.forwardedFields {
            lines.append("")
            append(SwiftNames.deprecation(forwarded.deprecationReason, indent: inner), to: &lines)
            lines.append(
                "\(inner)\(accessor)var \(SwiftNames.identifier(forwarded.propertyName)): \(forwarded.swiftType) { "
                    + "\(Self.read(forwarded.responseKey, if: forwarded.conditions, isResult: forwarded.isResult)) }")
        }
        if case .keyFields(let type, let expression)? = identity {
            lines.append("")
            lines.append("\(inner)/// The identity of the object: its type policy's key fields.")
            lines.append("\(inner)\(accessor)var id: \(type) { \(expression) }")
        }
        if !set.fragments.isEmpty {
            lines.append("")
            lines.append("\(inner)\(accessor)var fragments: Fragments { Fragments(__owner: self) }")
            file?.extensions.append(fragmentsExtension(set))
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
        let nested = set.fields.compactMap(\.selectionSet) + (set.typeCases + set.deferredParts).map(\.selectionSet)
        for child in nested {
            lines.append("")
            let text = plainText(of: child, in: plain)
            guard let file else {
                // Rendered at `inner`, a class's text is its plain text with each line indented.
                lines.append(Self.indented(text, by: inner))
                continue
            }
            let body = String(text.drop { $0 != "\n" })
            if let first = file.firstStructs[body] {
                lines.append("\(inner)\(access)typealias \(child.typeName) = \(first)")
                continue
            }
            file.firstStructs[body] = child.qualifiedName
            lines.append(render(child, conformance: nil, indent: inner, file: file, plain: plain))
        }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
    }

    private var accessor: String { context.accessor }

    /// The text of `set` with no indentation, aliases or extensions, rendered once per file.
    private func plainText(of set: IRSelectionSet, in plain: FileParts) -> String {
        if let text = plain.plainTexts[set.qualifiedName] { return text }
        let text = render(set, conformance: nil, indent: "", file: nil, plain: plain)
        plain.plainTexts[set.qualifiedName] = text
        return text
    }

    /// `text` with `indent` before each line that is not empty.
    private static func indented(_ text: String, by indent: String) -> String {
        var text = text
        let indent = Array(indent.utf8)
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + bytes.count / 4)
            // Line by line, each copied whole.
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                if end > start {
                    result += indent
                    result += UnsafeBufferPointer(rebasing: bytes[start..<end])
                }
                if end < bytes.count { result.append(UInt8(ascii: "\n")) }
                start = end + 1
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// How a class is `Identifiable`: by the `id` it selects, or by the key fields of its type's policy, which an
    /// `id` property then spells.
    enum Identity: Equatable {
        case selectedID
        case keyFields(type: String, expression: String)
    }

    /// The class's identity, if it has one: a selected `id` that is always there and is a single scalar or enum value,
    /// or else, on an object type with a type policy, its key fields selected that way under their own names. A
    /// class with an `id` property of another kind (optional, conditional, an object, a list) has none, as it cannot
    /// have a second `id`.
    func identity(of set: IRSelectionSet) -> Identity? {
        var leaves: [(propertyName: String, responseKey: String, swiftType: String)] = []
        for field in set.fields where !field.isConditional && !field.isResult && isIdentityValue(field.type) {
            leaves.append((field.propertyName, field.responseKey, fieldType(field, qualified: false)))
        }
        for field in set.forwardedFields where !field.isConditional && !field.isResult && isIdentityValue(field.type) {
            leaves.append((field.propertyName, field.responseKey, field.swiftType))
        }
        if leaves.contains(where: { $0.propertyName == "id" }) { return .selectedID }
        // Any other `id` (optional, conditional, a list, an object, a fragment or type case) leaves no room for one.
        guard !set.propertyNames.contains("id"), let keys = context.keyFields[set.parentTypeName], !keys.isEmpty
        else { return nil }
        var parts: [(property: String, swiftType: String)] = []
        for key in keys {
            guard let leaf = leaves.first(where: { $0.responseKey == key }) else { return nil }
            parts.append((SwiftNames.identifier(leaf.propertyName), leaf.swiftType))
        }
        if parts.count == 1 { return .keyFields(type: parts[0].swiftType, expression: parts[0].property) }
        return .keyFields(type: "[AnyHashable]", expression: "[\(parts.map(\.property).joined(separator: ", "))]")
    }

    /// Whether a value of `type` can be an identity: non-null, not a list, and a scalar or an enum.
    private func isIdentityValue(_ type: TypeReference) -> Bool {
        guard case .nonNull(.named(let name), _) = type else { return false }
        return context.schema.type(named: name.value)?.isLeaf ?? false
    }

    /// The properties of a class's `fragments`, one per fragment it spreads, in an extension at file scope.
    private func fragmentsExtension(_ set: IRSelectionSet) -> String {
        var lines = ["nonisolated extension GraphQLFragmentSpreads where Owner == \(set.qualifiedName) {"]
        for use in set.fragments {
            let type = use.typeName + (!use.isConditional && use.deferLabel == nil ? "" : "?")
            // A fragment spread under alternative conditions is there when any of them selects it.
            let read =
                use.deferLabel != nil
                ? "__deferred()"
                : !use.isConditional
                    ? "__fragment()"
                    : use.conditionSets.map { "__fragment(if: \(Self.conditions($0)))" }.joined(separator: " ?? ")
            lines.append("    \(accessor)var \(SwiftNames.identifier(use.propertyName)): \(type) { \(read) }")
        }
        return (lines + ["}"]).joined(separator: "\n")
    }

    /// The expression that reads a field from the data: `__field("name")`, or with its `@include`/`@skip`
    /// conditions. A field a fragment selects is read from the same object, never through the fragment's deprecated
    /// property.
    static func read(_ responseKey: String, if conditions: [IRCondition], isResult: Bool = false) -> String {
        let key = SwiftNames.stringLiteral(responseKey)
        let read = isResult ? "__fieldResult" : "__field"
        return conditions.isEmpty ? "\(read)(\(key))" : "\(read)(\(key), if: \(Self.conditions(conditions)))"
    }

    /// The Swift type of a stored field; `qualified` spells nested classes from outside the class.
    func fieldType(_ field: IRField, qualified: Bool) -> String {
        var type = context.mapper.outputType(field.type, object: field.objectTypeName(qualified: qualified))
        if field.isResult { type = IRBuilder.resultType(type) }
        return field.isConditional ? IRBuilder.optional(type) : type
    }

    private func append(_ text: String, to lines: inout [String]) {
        guard !text.isEmpty else { return }
        lines.append(String(text.dropLast()))
    }
}
