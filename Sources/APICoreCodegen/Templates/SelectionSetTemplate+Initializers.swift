import APICoreCompiler

extension SelectionSetTemplate {
    /// The initializer from typed values: `__typename` (defaulted to the type's name on an object type), then each
    /// field the class reads, its own and its fragments', optional ones defaulting to `nil`, then the operation's
    /// variables, which decide its `@include`/`@skip` parts and those of everything below it (so they matter where a
    /// value is read from: the root). It builds the response object those values stand for, so the value reads,
    /// caches and prints like one decoded from a server.
    func memberwiseInitializer(_ set: IRSelectionSet, indent: String) -> [String] {
        var parameters: [String] = []
        var body: [String] = []
        let selectsTypename = set.fields.contains { $0.name == "__typename" && $0.alias == nil }
        var parentIsObject = false
        if case .object? = context.schema.type(named: set.parentTypeName) { parentIsObject = true }
        if selectsTypename {
            let defaultName = parentIsObject ? " = \(SwiftNames.stringLiteral(set.parentTypeName))" : ""
            parameters.append("__typename: String\(defaultName)")
            if !parentIsObject {
                body.append(
                    "precondition(Self.__parentType.includes(__typename), "
                        + "\"\\(__typename) is not a possible type of \(set.parentTypeName)\")")
            }
            body.append("data[\"__typename\"] = .string(__typename)")
        }
        var members: [(name: String, type: String, key: String, isResult: Bool)] = []
        for field in set.fields where field.propertyName != "__typename" {
            members.append((field.propertyName, fieldType(field, qualified: false), field.responseKey, field.isResult))
        }
        for field in set.forwardedFields {
            members.append((field.propertyName, field.swiftType, field.responseKey, field.isResult))
        }
        for (position, member) in members.enumerated() {
            let label = SwiftNames.identifier(member.name)
            let isOptional = member.type.hasSuffix("?")
            // The parameter's own name is positional, so that no field name can shadow `self` or `data` in the body;
            // a field named so (`_0` first) is its own label.
            let name = "_\(position)"
            let declared = label == name ? name : "\(label) \(name)"
            parameters.append("\(declared): \(member.type)\(isOptional ? " = nil" : "")")
            let key = SwiftNames.stringLiteral(member.key)
            // A result keeps its error beside its `null`, as decoded data does.
            body.append(
                member.isResult
                    ? "_\(position)\(isOptional ? "?" : "").__store(in: &data, at: \(key))"
                    : "data[\(key)] = _\(position).__outputJSON")
        }
        parameters.append("__variables: JSONObject = [:]")
        var lines = ["\(indent)\(context.accessor)convenience init("]
        lines += parameters.enumerated().map { index, parameter in
            "\(indent)    \(parameter)\(index == parameters.count - 1 ? "" : ",")"
        }
        lines.append("\(indent)) {")
        lines.append("\(indent)    \(body.isEmpty ? "let" : "var") data = JSONObject()")
        lines += body.map { "\(indent)    \($0)" }
        lines.append("\(indent)    self.init(__object: GraphQLCheckedObject(data: data, variables: __variables))")
        lines.append("\(indent)}")
        return lines
    }
}
