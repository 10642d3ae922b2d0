import APICoreCompiler

/// Renders an input object as a `GraphQLInputObject` struct: one property per field in declaration order,
/// `GraphQLNullable` (absent, null or a value) for fields that may be left out.
///
/// A field whose type leads back to its own input object without passing through a list is stored in a one-element
/// array, which breaks the recursion a struct cannot hold.
struct InputObjectTemplate {
    let context: TemplateContext

    /// The struct, indented for the namespace extension.
    func render(_ type: InputObjectType) -> String {
        let access = context.access
        var lines: [String] = []
        if let doc = SwiftNames.docComment(type.description, indent: "    ").nonEmpty {
            lines.append(String(doc.dropLast()))
        }
        lines.append(
            "    \(context.typeModifiers)struct \(SwiftNames.schemaTypeName(type.name, namespace: context.mapper.namespace)): GraphQLInputObject {"
        )
        // `self` as a parameter would hide the instance in the initializer; a `hashValue` property would make
        // Hashable's ambiguous.
        var used: Set<String> = ["fields", "jsonValue", "isAbsent", "self", "hashValue"]
        let holdsFiles = type.fields.contains { context.canContainFiles($0.type) }
        if holdsFiles { used.formUnion(["mayContainFiles", "forEachFile"]) }
        var fileFields: [(name: String, key: String)] = []
        var parameters: [String] = []
        var assignments: [String] = []
        var members: [String] = []
        for field in type.fields {
            var propertyName = field.name
            while !used.insert(propertyName).inserted { propertyName += "_" }
            let name = SwiftNames.identifier(propertyName)
            let isOptional = !field.isRequired
            let swiftType = context.mapper.inputType(field.type, isOptional: isOptional)
            if let doc = SwiftNames.docComment(field.description, indent: "        ").nonEmpty {
                lines.append(String(doc.dropLast()))
            }
            if reachesBack(field.type, to: type.name) {
                lines.append("        \(access)var \(name): \(swiftType) {")
                lines.append("            get { _\(propertyName)[0] }")
                lines.append("            set { _\(propertyName) = [newValue] }")
                lines.append("        }")
                lines.append("        private var _\(propertyName): [\(swiftType)]")
                assignments.append("            self._\(propertyName) = [\(name)]")
            } else {
                lines.append("        \(access)var \(name): \(swiftType)")
                assignments.append("            self.\(name) = \(name)")
            }
            parameters.append("            \(name): \(swiftType)\(isOptional ? " = nil" : "")")
            members.append("\(SwiftNames.stringLiteral(field.name)): \(name)")
            if context.canContainFiles(field.type) { fileFields.append((name, field.name)) }
        }
        lines.append("")
        if parameters.isEmpty {
            lines.append("        \(access)init() {}")
        } else {
            lines.append("        \(access)init(")
            lines.append(parameters.joined(separator: ",\n"))
            lines.append("        ) {")
            lines += assignments
            lines.append("        }")
        }
        lines.append("")
        lines.append("        \(access)var fields: JSONObject {")
        // `.init`, not the type's name, which a field of that name would hide.
        lines.append("            .init(variables: [\(members.isEmpty ? ":" : members.joined(separator: ", "))])")
        lines.append("        }")
        if holdsFiles { lines += fileLines(fileFields) }
        lines.append("    }")
        return lines.joined(separator: "\n")
    }

    /// `mayContainFiles` and `forEachFile(at:_:)` of an input object with fields that can hold files.
    private func fileLines(_ fields: [(name: String, key: String)]) -> [String] {
        let access = context.access
        var lines = [
            "",
            "        \(access)static var mayContainFiles: Bool { true }",
            "",
            "        \(access)func forEachFile("
                + "at path: String, _ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {",
        ]
        for field in fields {
            // The field's name is a GraphQL name, so it needs no escaping inside the string.
            lines.append("            self.\(field.name).forEachFile(at: path + \".\(field.key)\", body)")
        }
        lines.append("        }")
        return lines
    }

    /// Whether a value of `type` can contain a `target` input object without a list in between.
    private func reachesBack(_ type: TypeReference, to target: String) -> Bool {
        var seen: Set<String> = []
        var pending: [TypeReference] = [type]
        while let next = pending.popLast() {
            if case .list = next { continue }
            if case .nonNull(.list, _) = next { continue }
            let name = next.namedType.value
            if name == target { return true }
            guard seen.insert(name).inserted, case .inputObject(let input)? = context.schema.type(named: name) else {
                continue
            }
            pending += input.fields.map(\.type)
        }
        return false
    }
}
