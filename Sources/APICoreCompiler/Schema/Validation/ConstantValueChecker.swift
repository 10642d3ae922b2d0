/// Checks a constant value literal (a default value, a directive argument in a schema) against an input type, as
/// input coercion (specification 3.5 and 3.10) would accept it.
struct ConstantValueChecker {
    let schema: GraphQLSchema
    /// Whether an input object field given twice is a problem (when not, the last one is checked).
    var checksRepeatedFields = true

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    /// The first reason `value` is not a valid value of `type`, or `nil` when it is. Types the schema lacks accept
    /// anything: they are reported as unknown elsewhere.
    func firstProblem(_ value: Value, as type: TypeReference) -> String? {
        if case .variable(let name) = value.kind {
            return "a schema cannot use variables, found \"$\(name)\"; write a constant value."
        }
        switch type {
        case .nonNull(let inner, _):
            if case .null = value.kind { return "expected a value of type \"\(type)\", found null." }
            return firstProblem(value, as: inner)
        case .list(let inner, _):
            switch value.kind {
            case .null:
                return nil
            case .list(let items):
                for item in items {
                    if let problem = firstProblem(item, as: inner) { return problem }
                }
                return nil
            default:
                return firstProblem(value, as: inner)
            }
        case .named(let name):
            if case .null = value.kind { return nil }
            switch schema.type(named: name.value) {
            case .scalar(let scalar)?: return scalarProblem(value, scalar.name)
            case .enumeration(let enumeration)?: return enumProblem(value, enumeration)
            case .inputObject(let inputObject)?: return inputObjectProblem(value, inputObject)
            default: return nil
            }
        }
    }

    private func scalarProblem(_ value: Value, _ scalar: String) -> String? {
        let accepted: Bool
        switch (scalar, value.kind) {
        case ("Int", .int(let text)):
            guard let number = Int64(text), number >= Int64(Int32.min), number <= Int64(Int32.max) else {
                return "Int cannot represent \(text): it is outside the 32-bit signed range."
            }
            accepted = true
        case ("Float", .int), ("Float", .float), ("String", .string), ("Boolean", .boolean), ("ID", .string),
            ("ID", .int):
            accepted = true
        case ("Int", _), ("Float", _), ("String", _), ("Boolean", _), ("ID", _):
            accepted = false
        default:
            accepted = true  // A custom scalar accepts any literal.
        }
        return accepted ? nil : "expected a value of type \"\(scalar)\", found \(Self.describe(value))."
    }

    private func enumProblem(_ value: Value, _ enumeration: EnumType) -> String? {
        guard case .enumValue(let name) = value.kind else {
            return "expected a value of enum \"\(enumeration.name)\", found \(Self.describe(value)); write one of its "
                + "values without quotes."
        }
        if enumeration.hasValue(name) { return nil }
        let hint = NameSuggestions.didYouMean(name, among: enumeration.values.map(\.name)).map { " \($0)" } ?? ""
        return "\"\(name)\" is not a value of enum \"\(enumeration.name)\".\(hint)"
    }

    private func inputObjectProblem(_ value: Value, _ inputObject: InputObjectType) -> String? {
        guard case .object(let members) = value.kind else {
            return "expected a value of input object \"\(inputObject.name)\", found \(Self.describe(value))."
        }
        var given: Set<String> = []
        for member in members {
            let name = member.name.value
            guard given.insert(name).inserted || !checksRepeatedFields else {
                return "field \"\(name)\" is given twice to input object \"\(inputObject.name)\"."
            }
            guard let field = inputObject.field(named: name) else {
                let hint =
                    NameSuggestions.didYouMean(name, among: inputObject.fields.map(\.name)).map { " \($0)" } ?? ""
                return "input object \"\(inputObject.name)\" has no field \"\(name)\".\(hint)"
            }
            if let problem = firstProblem(member.value, as: field.type) { return problem }
        }
        if inputObject.isOneOf {
            guard members.count == 1, let member = members.first else {
                return "OneOf input object \"\(inputObject.name)\" takes exactly one field, found \(members.count)."
            }
            if case .null = member.value.kind {
                return "field \"\(member.name.value)\" of OneOf input object \"\(inputObject.name)\" must not be null."
            }
        }
        for field in inputObject.fields where field.isRequired && !given.contains(field.name) {
            return "field \"\(inputObject.name).\(field.name)\" of type \"\(field.type)\" is required but missing."
        }
        return nil
    }

    /// A short rendering of a value for messages.
    static func describe(_ value: Value) -> String {
        switch value.kind {
        case .variable(let name): "$\(name)"
        case .int(let text), .float(let text): text
        case .string(let text, _): "\"\(text.count > 40 ? String(text.prefix(40)) + "..." : text)\""
        case .boolean(let flag): flag ? "true" : "false"
        case .null: "null"
        case .enumValue(let name): name
        case .list(let items): "[\(items.map(describe).joined(separator: ", "))]"
        case .object(let members):
            "{\(members.map { "\($0.name.value): \(describe($0.value))" }.joined(separator: ", "))}"
        }
    }
}
