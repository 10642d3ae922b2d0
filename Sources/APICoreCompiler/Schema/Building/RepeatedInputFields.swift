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
                for value in values(in: definition) {
                    check(value, &found)
                }
            }
        }
        return found
    }

    /// The default values and directive argument values of one definition.
    private static func values(in definition: Definition) -> [Value] {
        switch definition {
        case .schema(let schema):
            return values(in: schema.directives)
        case .directive(let directive):
            return directive.arguments.flatMap(values(in:))
        case .type(let type):
            var found = values(in: type.directives)
            switch type.kind {
            case .object(_, let fields), .interface(_, let fields):
                for field in fields {
                    found += values(in: field.directives) + field.arguments.flatMap(values(in:))
                }
            case .enumeration(let enumValues):
                found += enumValues.flatMap { values(in: $0.directives) }
            case .inputObject(let fields):
                found += fields.flatMap(values(in:))
            case .scalar, .union:
                break
            }
            return found
        case .operation, .fragment:
            return []
        }
    }

    private static func values(in inputValue: InputValueDefinition) -> [Value] {
        (inputValue.defaultValue.map { [$0] } ?? []) + values(in: inputValue.directives)
    }

    private static func values(in directives: [Directive]) -> [Value] {
        directives.flatMap { $0.arguments.map(\.value) }
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
