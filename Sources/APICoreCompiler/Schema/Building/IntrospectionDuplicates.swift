/// Names an introspection result lists twice, repaired as graphql-js's `buildClientSchema` reads them: it builds types,
/// fields, arguments, input fields and enum values into maps keyed by name, so the last entry of a name wins (in the
/// place of the first); it keeps every directive, and finds the first of a name. Each repair gets a warning located at
/// the start of the file. A strict build does not repair them, and the validator reports them.
struct IntrospectionDuplicates {
    /// Where the warnings are reported: the start of the file.
    let location: SourceLocation
    private(set) var warnings: [Diagnostic] = []

    init(location: SourceLocation) {
        self.location = location
    }

    /// The types, each name once, with their fields, arguments, input fields and enum values each named once.
    mutating func repairing(_ types: [SchemaType]) -> [SchemaType] {
        lastWins(types, name: \.name) { "type \"\($0)\"" }.map { members(of: $0) }
    }

    /// The directives, each name once (the first), with their arguments each named once.
    mutating func repairing(_ directives: [SchemaDirective]) -> [SchemaDirective] {
        var seen: Set<String> = []
        var kept: [SchemaDirective] = []
        for directive in directives {
            guard seen.insert(directive.name).inserted else {
                warn("directive \"@\(directive.name)\" more than once; the first is used")
                continue
            }
            let arguments = lastWins(directive.arguments, name: \.name) {
                "argument \"@\(directive.name)(\($0):)\""
            }
            kept.append(
                arguments.count == directive.arguments.count ? directive : directive.replacing(arguments: arguments))
        }
        return kept
    }

    private mutating func members(of type: SchemaType) -> SchemaType {
        switch type {
        case .object, .interface:
            return type.replacingFields { fields($0, of: $1) }
        case .inputObject(let input):
            let fields = lastWins(input.fields, name: \.name) { "input field \"\(input.name).\($0)\"" }
            guard fields.count != input.fields.count else { return type }
            return .inputObject(input.replacing(fields: fields))
        case .enumeration(let enumeration):
            let values = lastWins(enumeration.values, name: \.name) {
                "enum value \"\(enumeration.name).\($0)\""
            }
            guard values.count != enumeration.values.count else { return type }
            return .enumeration(enumeration.replacing(values: values))
        case .scalar, .union:
            return type
        }
    }

    /// The fields named once, each with its arguments named once; `nil` when nothing changed.
    private mutating func fields(_ fields: [SchemaField], of typeName: String) -> [SchemaField]? {
        let named = lastWins(fields, name: \.name) { "field \"\(typeName).\($0)\"" }
        var repaired = named.count != fields.count ? named : nil
        for index in named.indices {
            let arguments = lastWins(named[index].arguments, name: \.name) {
                "argument \"\(typeName).\(named[index].name)(\($0):)\""
            }
            guard arguments.count != named[index].arguments.count else { continue }
            if repaired == nil { repaired = named }
            repaired?[index] = named[index].replacing(arguments: arguments)
        }
        return repaired
    }

    /// The elements, each name once: the last element of a name, in the place of the first. `describe` names an
    /// element in the warning: `field "Query.a"`.
    private mutating func lastWins<Element>(
        _ elements: [Element],
        name: (Element) -> String,
        describe: (String) -> String
    ) -> [Element] {
        guard elements.count > 1, Self.mayRepeatNames(elements, name: name) else { return elements }
        var position: [String: Int] = [:]
        var kept: [Element] = []
        for element in elements {
            let elementName = name(element)
            if let index = position[elementName] {
                kept[index] = element
                warn("\(describe(elementName)) more than once; the last is used")
            } else {
                position[elementName] = kept.count
                kept.append(element)
            }
        }
        return kept
    }

    /// Whether two elements may have the same name: a few elements are compared, which costs less than hashing their
    /// names; more may always repeat one.
    private static func mayRepeatNames<Element>(_ elements: [Element], name: (Element) -> String) -> Bool {
        guard elements.count <= 8 else { return true }
        for later in 1..<elements.count {
            let laterName = name(elements[later])
            if elements[..<later].contains(where: { name($0) == laterName }) { return true }
        }
        return false
    }

    private mutating func warn(_ what: String) {
        warnings.append(
            Diagnostic(
                .warning,
                "The introspection result lists \(what), as graphql-js does. List each name once, or build with "
                    + "--strict to make it an error.",
                at: [location], rule: "IntrospectionDuplicates"))
    }
}
