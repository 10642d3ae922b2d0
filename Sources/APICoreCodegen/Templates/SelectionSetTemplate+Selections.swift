import APICoreCompiler

extension SelectionSetTemplate {
    /// The static selection table: what decoding checks the data against and what the cache reads, in the compact
    /// form the runtime reads (``SelectionTableText``).
    func selections(_ set: IRSelectionSet, indent: String) -> [String] {
        var table = SelectionTableText()
        for field in set.fields where !field.isInherited {
            // Leaves carry their Swift type, which decoding checks their values against; the `__typename` generated
            // code selects everywhere is read by type cases only.
            let isTypename = field.name == "__typename" && field.alias == nil
            let leaf =
                field.selectionSet != nil || isTypename ? nil : context.mapper.outputType(field.type, object: nil)
            let arguments = field.arguments.compactMap { SelectionTableText.argument($0.name.value, $0.value) }
            let key = field.alias.map { "\($0):\(field.name)" } ?? field.name
            for conditions in field.conditionSets {
                guard conditions.isEmpty, arguments.count == field.arguments.count, field.catching == nil else {
                    // A field selected under several sets of conditions is listed under each: any one selects it.
                    table.extra(conditional(conditions, fieldExpression(field, leaf: leaf)))
                    continue
                }
                if isTypename && arguments.isEmpty {
                    table.typename()
                } else if let object = field.selectionSet?.typeName {
                    table.objectField(key, type: field.type.description, swiftType: object, arguments: arguments)
                } else if let leaf {
                    table.leafField(key, type: field.type.description, swiftType: leaf, arguments: arguments)
                } else {
                    table.extra(fieldExpression(field, leaf: nil))
                }
            }
        }
        for use in set.fragments where !use.isInherited {
            // With the values the spread gives the fragment's variables, if it declares any.
            let arguments = Self.fragmentArguments(use.arguments)
            if let label = use.deferLabel {
                table.extra(
                    ".deferred(label: \(label.map(SwiftNames.stringLiteral) ?? "nil"), \(use.typeName).self\(arguments))"
                )
                continue
            }
            // Listed under each set of conditions that selects it, as a field is.
            for conditions in use.conditionSets {
                if conditions.isEmpty, arguments.isEmpty {
                    table.fragmentSpread(use.typeName)
                } else {
                    table.extra(conditional(conditions, ".fragment(\(use.typeName).self\(arguments))"))
                }
            }
        }
        for part in set.typeCases {
            if part.conditions.isEmpty {
                table.typeCase(part.selectionSet.typeName)
            } else {
                table.extra(conditional(part.conditions, ".inlineFragment(\(part.selectionSet.typeName).self)"))
            }
        }
        for key in set.implicitKeys {
            guard let condition = key.typeCondition else {
                for field in key.fields { table.implicitKey(field.name, typeName: field.typeName) }
                continue
            }
            table.implicitKeyCase(
                parentType: context.parentTypeReference(condition),
                keys: key.fields.map { ($0.name, $0.typeName) })
        }
        for part in set.deferredParts {
            let label = part.label.map(SwiftNames.stringLiteral) ?? "nil"
            table.extra(".deferred(label: \(label), \(part.selectionSet.typeName).self)")
        }
        // Read through a computed property, so that the table's storage is the file's own, not one more exported
        // symbol of the module.
        return ["\(indent)\(context.access)override class var __selections: [GraphQLSelection] { __selectionTable }"]
            + table.declaration(indent: indent)
    }

    /// A field written out in full: `.field(GraphQLField("name", alias: ..., type, arguments: ..., leaf: ...))`, or
    /// the shared `.__typename`.
    private func fieldExpression(_ field: IRField, leaf: String?) -> String {
        var arguments = ""
        if !field.arguments.isEmpty {
            let pairs = field.arguments.map {
                "(\(SwiftNames.stringLiteral($0.name.value)), \(ArgumentTemplate.render($0.value)))"
            }
            arguments = ", arguments: [\(pairs.joined(separator: ", "))]"
        }
        let isTypename = field.name == "__typename" && field.alias == nil
        // The runtime's shared `__typename` selection: one load instead of a field built in every table.
        if isTypename && arguments.isEmpty { return ".__typename" }
        let alias = field.alias.map { ", alias: \(SwiftNames.stringLiteral($0))" } ?? ""
        let type = context.mapper.outputTypeData(field.type, object: field.selectionSet?.typeName)
        let leafType = leaf.map { ", leaf: \($0).self" } ?? ""
        let catching = field.catching.map { ", catching: \(Self.catching($0))" } ?? ""
        return ".field(GraphQLField(\(SwiftNames.stringLiteral(field.name))\(alias), \(type)\(arguments)\(leafType)"
            + "\(catching)))"
    }

    /// `, arguments: ["size": .literal(128), "label": nil]` for a spread of a fragment that declares variables;
    /// nothing for one that does not.
    static func fragmentArguments(_ arguments: [(name: String, value: Value?)]) -> String {
        guard !arguments.isEmpty else { return "" }
        var pairs: [String] = []
        for (name, value) in arguments {
            let rendered = value.map(ArgumentTemplate.render) ?? "nil"
            pairs.append(SwiftNames.stringLiteral(name) + ": " + rendered)
        }
        return ", arguments: [" + pairs.joined(separator: ", ") + "]"
    }

    /// `.result`, `.throwing([0])`, or both: `GraphQLErrorCatching(throwing: [1], isResult: true)`.
    static func catching(_ catching: IRErrorCatching) -> String {
        let levels = "[\(catching.throwingLevels.map(String.init).joined(separator: ", "))]"
        if catching.throwingLevels.isEmpty { return ".result" }
        if !catching.isResult { return ".throwing(\(levels))" }
        return "GraphQLErrorCatching(throwing: \(levels), isResult: true)"
    }

    func conditional(_ conditions: [IRCondition], _ item: String) -> String {
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
