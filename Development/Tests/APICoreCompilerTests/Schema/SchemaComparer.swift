@testable import APICoreCompiler

/// Compares two schemas structurally and names the first difference with its path, for tests that check that SDL and
/// introspection describe the same schema.
///
/// Compared: root types, the schema description, type names and kinds, descriptions, fields, arguments, input fields
/// and enum values (names and order, types, default values as parsed values, descriptions, deprecation reasons),
/// interfaces, union members, `@oneOf`, `@specifiedBy` URLs, and directive definitions (arguments, locations,
/// repeatability, descriptions). Not compared, because introspection cannot carry them: applied directives other than
/// what deprecation, `isOneOf` and `specifiedByURL` express, and source locations. Descriptions of the built-in scalars
/// and of directives in ``ignoredDirectiveDescriptions`` are not compared either: SDL leaves those out, so the builder
/// supplies its own text while an introspection result carries the server's.
///
/// Two things are equal here that are not equal as Swift values: an empty description and none (servers return `""`
/// where SDL has no description), and input object values whose members come in a different order (a literal's
/// member order carries no meaning, and graphql-core prints defaults in the input type's field order).
struct SchemaComparer {
    /// Directives whose descriptions (and their arguments' descriptions) come from the builder on one side and the
    /// server on the other.
    var ignoredDirectiveDescriptions = Set(
        (BuiltInDefinitions.specifiedDirectives + BuiltInDefinitions.clientDirectives).map(\.name))
    /// Directives left out of the comparison of directive definitions.
    var ignoredDirectives: Set<String> = []
    /// Whether the order of fields, arguments, input fields, enum values, interfaces and union members matters.
    var comparesMemberOrder = true
    /// Whether descriptions are compared with every run of white space as one space (for SDL printed with its long
    /// descriptions wrapped).
    var collapsesDescriptionWhitespace = false

    /// The first difference between the schemas, as `path: left vs right`; `nil` when they are the same.
    func firstDifference(_ left: GraphQLSchema, _ right: GraphQLSchema) -> String? {
        if let difference = compare("queryType", left.queryTypeName, right.queryTypeName)
            ?? compare("mutationType", left.mutationTypeName, right.mutationTypeName)
            ?? compare("subscriptionType", left.subscriptionTypeName, right.subscriptionTypeName)
            ?? compare("description", left.description, right.description)
            ?? compareNames("types", left.types.map(\.name), right.types.map(\.name), ordered: false)
        {
            return difference
        }
        for leftType in left.types {
            guard let rightType = right.type(named: leftType.name) else { continue }
            if let difference = compare(leftType, rightType) { return difference }
        }
        if let difference = compareNames(
            "directives", left.directives.map(\.name), right.directives.map(\.name), ordered: false)
        {
            return difference
        }
        for leftDirective in left.directives where !ignoredDirectives.contains(leftDirective.name) {
            guard let rightDirective = right.directive(named: leftDirective.name) else { continue }
            let path = "directives[@\(leftDirective.name)]"
            let checkDescription = !ignoredDirectiveDescriptions.contains(leftDirective.name)
            if let difference =
                (checkDescription
                    ? compare("\(path).description", leftDirective.description, rightDirective.description) : nil)
                ?? compare(
                    "\(path).locations", leftDirective.locations.map(\.rawValue).sorted(),
                    rightDirective.locations.map(\.rawValue).sorted())
                ?? compare("\(path).isRepeatable", leftDirective.isRepeatable, rightDirective.isRepeatable)
                ?? compare(
                    "\(path).arguments", leftDirective.arguments, rightDirective.arguments,
                    comparesDescriptions: checkDescription)
            {
                return difference
            }
        }
        return nil
    }

    private func compare(_ left: SchemaType, _ right: SchemaType) -> String? {
        let path = "types[\(left.name)]"
        if let difference = compare("\(path).kind", left.kindName, right.kindName) { return difference }
        let isBuiltInScalar = BuiltInDefinitions.scalarNames.contains(left.name)
        if !isBuiltInScalar, let difference = compare("\(path).description", left.description, right.description) {
            return difference
        }
        switch (left, right) {
        case (.scalar(let leftScalar), .scalar(let rightScalar)):
            return compare("\(path).specifiedByURL", leftScalar.specifiedByURL, rightScalar.specifiedByURL)
        case (.object(let leftObject), .object(let rightObject)):
            return compareNames("\(path).interfaces", leftObject.interfaces, rightObject.interfaces, ordered: true)
                ?? compare("\(path).fields", leftObject.fields, rightObject.fields)
        case (.interface(let leftInterface), .interface(let rightInterface)):
            return compareNames(
                "\(path).interfaces", leftInterface.interfaces, rightInterface.interfaces, ordered: true)
                ?? compare("\(path).fields", leftInterface.fields, rightInterface.fields)
        case (.union(let leftUnion), .union(let rightUnion)):
            return compareNames("\(path).members", leftUnion.members, rightUnion.members, ordered: true)
        case (.enumeration(let leftEnum), .enumeration(let rightEnum)):
            if let difference = compareNames(
                "\(path).values", leftEnum.values.map(\.name), rightEnum.values.map(\.name), ordered: true)
            {
                return difference
            }
            for leftValue in leftEnum.values {
                guard let rightValue = rightEnum.values.first(where: { $0.name == leftValue.name }) else { continue }
                let valuePath = "\(path).values[\(leftValue.name)]"
                if let difference = compare("\(valuePath).description", leftValue.description, rightValue.description)
                    ?? compare(
                        "\(valuePath).deprecationReason", leftValue.deprecationReason, rightValue.deprecationReason)
                {
                    return difference
                }
            }
            return nil
        case (.inputObject(let leftInput), .inputObject(let rightInput)):
            return compare("\(path).isOneOf", leftInput.isOneOf, rightInput.isOneOf)
                ?? compare("\(path).fields", leftInput.fields, rightInput.fields)
        default:
            return "\(path).kind: \(left.kindName) vs \(right.kindName)"
        }
    }

    private func compare(_ path: String, _ left: [SchemaField], _ right: [SchemaField]) -> String? {
        if let difference = compareNames(path, left.map(\.name), right.map(\.name), ordered: true) {
            return difference
        }
        for leftField in left {
            guard let rightField = right.first(where: { $0.name == leftField.name }) else { continue }
            let fieldPath = "\(path)[\(leftField.name)]"
            if let difference = compare("\(fieldPath).description", leftField.description, rightField.description)
                ?? compare("\(fieldPath).type", leftField.type.description, rightField.type.description)
                ?? compare("\(fieldPath).deprecationReason", leftField.deprecationReason, rightField.deprecationReason)
                ?? compare("\(fieldPath).arguments", leftField.arguments, rightField.arguments)
            {
                return difference
            }
        }
        return nil
    }

    private func compare(
        _ path: String,
        _ left: [SchemaInputValue],
        _ right: [SchemaInputValue],
        comparesDescriptions: Bool = true
    ) -> String? {
        if let difference = compareNames(path, left.map(\.name), right.map(\.name), ordered: true) {
            return difference
        }
        for leftValue in left {
            guard let rightValue = right.first(where: { $0.name == leftValue.name }) else { continue }
            let valuePath = "\(path)[\(leftValue.name)]"
            if let difference =
                (comparesDescriptions
                    ? compare("\(valuePath).description", leftValue.description, rightValue.description) : nil)
                ?? compare("\(valuePath).type", leftValue.type.description, rightValue.type.description)
                ?? compare("\(valuePath).deprecationReason", leftValue.deprecationReason, rightValue.deprecationReason)
            {
                return difference
            }
            if !Self.equal(leftValue.defaultValue, rightValue.defaultValue) {
                let describe = { (value: Value?) in value.map(ConstantValueChecker.describe) ?? "none" }
                return "\(valuePath).defaultValue: \(describe(leftValue.defaultValue)) vs "
                    + describe(rightValue.defaultValue)
            }
        }
        return nil
    }

    private func compareNames(_ path: String, _ left: [String], _ right: [String], ordered: Bool) -> String? {
        let (leftSet, rightSet) = (Set(left), Set(right))
        if let missing = left.first(where: { !rightSet.contains($0) }) { return "\(path): \(missing) only on the left" }
        if let missing = right.first(where: { !leftSet.contains($0) }) {
            return "\(path): \(missing) only on the right"
        }
        if ordered, comparesMemberOrder, left != right { return "\(path): order \(left) vs \(right)" }
        return nil
    }

    /// Descriptions, an empty one being none.
    private func compare(_ path: String, _ left: String?, _ right: String?) -> String? {
        let (leftText, rightText) = (normalized(left), normalized(right))
        return leftText == rightText
            ? nil : "\(path): \(String(describing: leftText)) vs \(String(describing: rightText))"
    }

    private func normalized(_ description: String?) -> String? {
        guard let description, !description.isEmpty else { return nil }
        guard collapsesDescriptionWhitespace else { return description }
        return description.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Values compared as values: input object members in any order.
    static func equal(_ left: Value?, _ right: Value?) -> Bool {
        switch (left?.kind, right?.kind) {
        case (nil, nil):
            return true
        case (.list(let leftItems)?, .list(let rightItems)?):
            return leftItems.count == rightItems.count && zip(leftItems, rightItems).allSatisfy { equal($0, $1) }
        case (.object(let leftMembers)?, .object(let rightMembers)?):
            guard leftMembers.count == rightMembers.count else { return false }
            return leftMembers.allSatisfy { member in
                rightMembers.contains { $0.name.value == member.name.value && equal($0.value, member.value) }
            }
        default:
            return left == right
        }
    }

    private func compare<Element: Equatable>(_ path: String, _ left: Element, _ right: Element) -> String? {
        left == right ? nil : "\(path): \(String(describing: left)) vs \(String(describing: right))"
    }
}
