import APICoreCompiler
import APICoreGraphQL

/// Renders an operation: its name, document and persisted-query id, typed variables, and `Data`.
struct OperationTemplate {
    let context: TemplateContext

    /// The whole file.
    func render(_ operation: IROperation) -> String {
        let access = context.access
        let protocolName =
            switch operation.kind {
            case .query: "GraphQLQuery"
            case .mutation: "GraphQLMutation"
            case .subscription: "GraphQLSubscription"
            }
        var document = SwiftNames.stringLiteral(
            operation.fragmentTypeNames.isEmpty ? operation.text : operation.text + "\n")
        document += operation.fragmentTypeNames.map { " + \($0).fragmentDefinition" }.joined(separator: " + \"\\n\"")
        var lines = [
            "\(context.typeModifiers)struct \(operation.typeName): \(protocolName) {",
            "    \(context.accessor)static var operationName: String { \(SwiftNames.stringLiteral(operation.name)) }",
            "    \(context.accessor)static var document: String { \(document) }",
            "    \(context.accessor)static var operationIdentifier: String? { "
                + SwiftNames.stringLiteral(operation.identifier) + " }",
        ]
        lines.append("")
        if operation.variables.isEmpty {
            // Without it the memberwise initializer would be internal, and no other module could run the operation.
            lines.append("    \(access)init() {}")
        } else {
            lines += variables(operation.variables)
        }
        lines.append("")
        let data = SelectionSetTemplate(context: context).render(
            operation.data, conformance: "GraphQLRootSelectionSet", indent: "    ")
        lines.append(data.declaration)
        lines.append("}")
        lines += data.extensions.flatMap { ["", $0] }
        return context.operationHeader + lines.joined(separator: "\n") + "\n"
    }

    private func variables(_ variables: [IRVariable]) -> [String] {
        let access = context.access
        var lines: [String] = []
        var parameters: [String] = []
        var assignments: [String] = []
        var members: [String] = []
        for variable in variables {
            let name = SwiftNames.identifier(variable.propertyName)
            let type = context.mapper.inputType(variable.type, isOptional: variable.isOptional)
            if let value = variable.defaultValue {
                // Through `docComment`, so a default of several lines or with hidden characters stays in the comment.
                let doc = SwiftNames.docComment("Defaults to `\(Printer.print(value))` when absent.", indent: "    ")
                lines.append(String(doc.dropLast()))
            }
            lines.append("    \(access)var \(name): \(type)")
            parameters.append("\(name): \(type)\(variable.isOptional ? " = nil" : "")")
            assignments.append("        self.\(name) = \(name)")
            members.append("\(SwiftNames.stringLiteral(variable.name)): \(name)")
        }
        lines.append("")
        let signature = "    \(access)init(\(parameters.joined(separator: ", "))) {"
        if signature.count <= 120 {
            lines.append(signature)
        } else {
            lines.append("    \(access)init(")
            lines += parameters.enumerated().map { "        \($1)\($0 == parameters.count - 1 ? "" : ",")" }
            lines.append("    ) {")
        }
        lines += assignments
        lines.append("    }")
        lines.append("")
        lines.append("    \(access)var variables: JSONObject {")
        // `.init`, not the type's name, which a variable of that name would hide.
        lines.append("        .init(variables: [\(members.joined(separator: ", "))])")
        lines.append("    }")
        let fileVariables = variables.filter { context.canContainFiles($0.type) }
        if !fileVariables.isEmpty {
            lines.append("")
            lines.append(
                "    \(access)func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {")
            for variable in fileVariables {
                let path = SwiftNames.stringLiteral("variables." + variable.name)
                let property = SwiftNames.identifier(variable.propertyName)
                lines.append("        self.\(property).forEachFile(at: \(path), body)")
            }
            lines.append("    }")
        }
        lines += variableDefaults(variables)
        return lines
    }

    /// `variableDefaults`, when a variable has a default: what an absent variable reads as when the response is decoded
    /// and cached.
    private func variableDefaults(_ variables: [IRVariable]) -> [String] {
        let members = DefaultValueTemplate(schema: context.schema).members(of: variables)
        guard !members.isEmpty else { return [] }
        let declaration = "    \(context.access)static let variableDefaults: JSONObject = ["
        let line = declaration + members.joined(separator: ", ") + "]"
        if line.count <= 120 { return ["", line] }
        return [""] + [declaration] + members.map { "        \($0)," } + ["    ]"]
    }
}
