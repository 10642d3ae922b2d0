import APICoreCompiler

/// Renders a schema enum as a `String`-backed, `CaseIterable` Swift enum, used as `GraphQLEnum<E>` so that values
/// added to the schema later survive a decode.
struct EnumTemplate {
    /// `"public "` or `""`.
    let access: String
    /// The namespace the enum is declared in.
    let namespace: String

    /// The enum, indented for the namespace extension.
    func render(_ type: EnumType) -> String {
        var lines: [String] = []
        if let doc = SwiftNames.docComment(type.description, indent: "    ").nonEmpty {
            lines.append(String(doc.dropLast()))
        }
        let name = SwiftNames.schemaTypeName(type.name, namespace: namespace)
        lines.append(
            "    \(TemplateContext.typeModifiers(access: access))enum \(name): String, CaseIterable, Sendable, Hashable {"
        )
        var used: Set<String> = []
        var allCases: [String] = []
        for value in type.values {
            var caseName = SwiftNames.typeMember(SwiftNames.caseName(value.name)).replacingOccurrences(
                of: "`", with: "")
            while !used.insert(caseName).inserted { caseName += "_" }
            if let doc = SwiftNames.docComment(value.description, indent: "        ").nonEmpty {
                lines.append(String(doc.dropLast()))
            }
            if let reason = value.deprecationReason {
                lines.append(String(SwiftNames.deprecation(reason, indent: "        ").dropLast()))
                allCases.append("Self(rawValue: \(SwiftNames.stringLiteral(value.name)))!")
            } else {
                allCases.append("." + SwiftNames.identifier(caseName))
            }
            lines.append("        case \(SwiftNames.identifier(caseName)) = \(SwiftNames.stringLiteral(value.name))")
        }
        if type.values.contains(where: { $0.deprecationReason != nil }) {
            // Synthesized `allCases` is not available when a case is deprecated; listing the deprecated cases by raw
            // value keeps the list free of deprecation warnings.
            lines.append("")
            lines.append("        \(access)static let allCases: [\(name)] = [\(allCases.joined(separator: ", "))]")
        }
        lines.append("    }")
        return lines.joined(separator: "\n")
    }
}
