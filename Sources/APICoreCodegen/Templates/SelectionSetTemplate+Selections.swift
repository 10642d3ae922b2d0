import APICoreCompiler

extension SelectionSetTemplate {
    /// The static selection table: what decoding checks the data against and what the cache reads.
    func selections(_ set: IRSelectionSet, indent: String) -> [String] {
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
            // Leaves carry their Swift type, which decoding checks their values against; the `__typename` generated
            // code selects everywhere is read by type cases only.
            let isTypename = field.name == "__typename" && field.alias == nil
            let leaf =
                field.selectionSet != nil || isTypename
                ? "" : ", leaf: \(context.mapper.outputType(field.type, object: nil)).self"
            let catching = field.catching.map { ", catching: \(Self.catching($0))" } ?? ""
            // The runtime's shared `__typename` selection: one load instead of a field built in every table.
            let item =
                isTypename && arguments.isEmpty
                ? ".__typename"
                : ".field(GraphQLField(\(SwiftNames.stringLiteral(field.name))\(alias), \(type)\(arguments)\(leaf)"
                    + "\(catching)))"
            // A field selected under several sets of conditions is listed under each: any one selects it.
            for conditions in field.conditionSets { items.append(conditional(conditions, item)) }
        }
        for use in set.fragments where !use.isInherited {
            // With the values the spread gives the fragment's variables, if it declares any.
            let arguments = Self.fragmentArguments(use.arguments)
            if let label = use.deferLabel {
                items.append(
                    ".deferred(label: \(label.map(SwiftNames.stringLiteral) ?? "nil"), \(use.typeName).self\(arguments))"
                )
            } else {
                // Listed under each set of conditions that selects it, as a field is.
                for conditions in use.conditionSets {
                    items.append(conditional(conditions, ".fragment(\(use.typeName).self\(arguments))"))
                }
            }
        }
        for part in set.typeCases {
            items.append(conditional(part.conditions, ".inlineFragment(\(part.selectionSet.typeName).self)"))
        }
        for key in set.implicitKeys {
            let fields = key.fields.map {
                ".implicitKey(\(SwiftNames.stringLiteral($0.name)), \(SwiftNames.stringLiteral($0.typeName)))"
            }
            guard let condition = key.typeCondition else {
                items += fields
                continue
            }
            items.append(
                ".inlineFragment(GraphQLSelectionTree(parentType: \(context.parentTypeReference(condition)), "
                    + "selections: [.__typename, \(fields.joined(separator: ", "))]))")
        }
        for part in set.deferredParts {
            let label = part.label.map(SwiftNames.stringLiteral) ?? "nil"
            items.append(".deferred(label: \(label), \(part.selectionSet.typeName).self)")
        }
        // Read through a computed property, so that the table's storage is the file's own, not one more exported
        // symbol of the module.
        let property = "\(indent)\(context.access)static var __selections: [GraphQLSelection] { __selectionTable }"
        let head = "\(indent)private static let __selectionTable: [GraphQLSelection] = ["
        guard !items.isEmpty else { return [property, head + "]"] }
        return [property, head] + items.map { "\(indent)    \($0)," } + ["\(indent)]"]
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
