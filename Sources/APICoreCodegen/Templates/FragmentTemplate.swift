import APICoreCompiler

/// Renders a fragment: one `GraphQLFragment` class, reused wherever the fragment is spread.
struct FragmentTemplate {
    let context: TemplateContext

    /// The whole file.
    func render(_ fragment: IRFragment) -> String {
        var header = [
            "    \(context.accessor)static var fragmentName: String { \(SwiftNames.stringLiteral(fragment.name)) }",
            "    \(context.accessor)static var fragmentDefinition: String { \(SwiftNames.stringLiteral(fragment.text)) }",
        ]
        // What a read or write of the fragment alone gives its variables left out, as a spread without them does.
        let defaults = DefaultValueTemplate(schema: context.schema).members(of: fragment.variables)
        if !defaults.isEmpty {
            let members = defaults.joined(separator: ", ")
            header.append("    \(context.accessor)static var variableDefaults: JSONObject { [\(members)] }")
        }
        let body = SelectionSetTemplate(context: context).render(
            fragment.selectionSet, conformance: "GraphQLFragment", header: header, indent: "")
        return context.operationHeader + ([body.declaration] + body.extensions).joined(separator: "\n\n") + "\n"
    }
}
