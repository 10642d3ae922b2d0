/// Repairs default values that an introspection result writes with enum values as strings.
///
/// Some servers (GitHub's, built on graphql-ruby, until 2021) serialized enum defaults as JSON strings, e.g.
/// `affiliations` defaulting to `["OWNER", "COLLABORATOR"]`. Read literally, those are strings, which an enum does not
/// accept; the server means its enum values. Where a string names a value of the expected enum, it is read as that
/// value, with a warning. SDL gets no such leniency: there the author wrote the quotes.
struct IntrospectionEnumDefaults {
    let typesByName: [String: SchemaType]
    let location: SourceLocation
    private(set) var warnings: [Diagnostic] = []

    init(types: [SchemaType], location: SourceLocation) {
        typesByName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.location = location
    }

    /// The types and directives with their defaults repaired; types without such defaults are returned as they are.
    mutating func repair(
        _ types: [SchemaType], _ directives: [SchemaDirective]
    ) -> (types: [SchemaType], directives: [SchemaDirective]) {
        var found: [Diagnostic] = []
        let repairs = self
        let rewriter = InputValueRewriter { value, described in
            guard let defaultValue = value.defaultValue, let fixed = repairs.fixedValue(defaultValue, as: value.type)
            else {
                return nil
            }
            found.append(
                Diagnostic(
                    .warning,
                    "The default value of \(described()) writes enum values as strings "
                        + "(\(ConstantValueChecker.describe(defaultValue))); they are read as enum values.",
                    at: [repairs.location], rule: "IntrospectionEnumDefaults"))
            return value.withDefaultValue(fixed)
        }
        let repaired = (rewriter.rewriting(types), rewriter.rewriting(directives))
        warnings += found
        return repaired
    }

    /// `value` with strings that name values of the expected enums turned into those values; `nil` when unchanged.
    private func fixedValue(_ value: Value, as type: TypeReference) -> Value? {
        switch (type, value.kind) {
        case (.nonNull(let inner, _), _):
            return fixedValue(value, as: inner)
        case (.list(let inner, _), .list(let items)):
            let fixed = items.map { fixedValue($0, as: inner) }
            guard fixed.contains(where: { $0 != nil }) else { return nil }
            return Value(.list(zip(items, fixed).map { $1 ?? $0 }), location: value.location)
        case (.list(let inner, _), _):
            return fixedValue(value, as: inner)
        case (.named(let name), .string(let text, _)):
            guard case .enumeration(let enumeration)? = typesByName[name.value], enumeration.hasValue(text) else {
                return nil
            }
            return Value(.enumValue(text), location: value.location)
        case (.named(let name), .object(let members)):
            guard case .inputObject(let input)? = typesByName[name.value] else { return nil }
            let fixed = members.map { member in
                input.field(named: member.name.value).flatMap { fixedValue(member.value, as: $0.type) }
            }
            guard fixed.contains(where: { $0 != nil }) else { return nil }
            return Value(
                .object(
                    zip(members, fixed).map { member, value in
                        Argument(name: member.name, value: value ?? member.value, location: member.location)
                    }),
                location: value.location)
        default:
            return nil
        }
    }
}
