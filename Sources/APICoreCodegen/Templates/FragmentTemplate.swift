import APICoreCompiler

/// Renders a fragment: one `GraphQLFragment` class, reused wherever the fragment is spread.
struct FragmentTemplate {
    let context: TemplateContext

    /// The whole file.
    func render(_ fragment: IRFragment) -> String {
        let header = [
            "    \(context.accessor)static var fragmentName: String { \(SwiftNames.stringLiteral(fragment.name)) }",
            "    \(context.accessor)static var fragmentDefinition: String { \(SwiftNames.stringLiteral(fragment.text)) }",
        ]
        let body = SelectionSetTemplate(context: context).render(
            fragment.selectionSet, conformance: "GraphQLFragment", header: header, indent: "")
        return context.operationHeader + ([body.declaration] + body.extensions).joined(separator: "\n\n") + "\n"
    }
}
