import APICoreCompiler

/// Renders a fragment: one `GraphQLFragment` struct, reused wherever the fragment is spread.
struct FragmentTemplate {
    let context: TemplateContext

    /// The whole file.
    func render(_ fragment: IRFragment) -> String {
        let access = context.access
        let header = [
            "    \(access)static let fragmentName = \(SwiftNames.stringLiteral(fragment.name))",
            "    \(access)static let fragmentDefinition = \(SwiftNames.stringLiteral(fragment.text))",
        ]
        let body = SelectionSetTemplate(context: context).render(
            fragment.selectionSet, conformance: "GraphQLFragment", header: header, indent: "")
        return context.operationHeader + body + "\n"
    }
}
