/// Input object values that give a field twice (`@cached(key: {id: 1, id: 2})`), in default values and in the arguments
/// of applied directives. graphql-js checks this with its SDL rules (`UniqueInputFieldNamesRule`) although it checks no
/// other property of these values, so outside a strict build, where the other value problems are only warnings, it is
/// still an error. (A strict build reports it with the other value problems.)
enum RepeatedInputFields {
    /// The repeated input fields of every value in the type-system definitions of `documents`, each at the later field.
    static func problems(in documents: [Document]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for document in documents {
            for definition in document.definitions {
                check(definition, &found)
            }
        }
        return found
    }

    /// Checks the default values and directive argument values of one definition, in order.
    private static func check(_ definition: Definition, _ found: inout [Diagnostic]) {
        switch definition {
        case .schema(let schema):
            check(schema.directives, &found)
        case .directive(let directive):
            directive.arguments.forEach { check($0, &found) }
        case .type(let type):
            check(type.directives, &found)
            switch type.kind {
            case .object(_, let fields), .interface(_, let fields):
                for field in fields {
                    check(field.directives, &found)
                    field.arguments.forEach { check($0, &found) }
                }
            case .enumeration(let enumValues):
                enumValues.forEach { check($0.directives, &found) }
            case .inputObject(let fields):
                fields.forEach { check($0, &found) }
            case .scalar, .union:
                break
            }
        case .operation, .fragment:
            break
        }
    }

    private static func check(_ inputValue: InputValueDefinition, _ found: inout [Diagnostic]) {
        if let defaultValue = inputValue.defaultValue { check(defaultValue, &found) }
        check(inputValue.directives, &found)
    }

    private static func check(_ directives: [Directive], _ found: inout [Diagnostic]) {
        for directive in directives {
            for argument in directive.arguments {
                check(argument.value, &found)
            }
        }
    }

    /// Reports the repeated fields of the input objects in `value`, at any depth.
    private static func check(_ value: Value, _ found: inout [Diagnostic]) {
        switch value.kind {
        case .list(let items):
            items.forEach { check($0, &found) }
        case .object(let members):
            var first: [String: SourceLocation] = [:]
            for member in members {
                if let earlier = first[member.name.value] {
                    found.append(
                        Diagnostic(
                            .error,
                            "There can be only one input field named \"\(member.name.value)\". Remove one.",
                            at: [member.name.location, earlier], rule: "UniqueInputFieldNames"))
                } else {
                    first[member.name.value] = member.name.location
                }
                check(member.value, &found)
            }
        default:
            break
        }
    }
}
