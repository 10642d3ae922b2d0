/// UniqueInputFieldNames (specification 5.6.3): an input object literal gives each field once.
enum UniqueInputFieldNamesRule {
    static func check(_ fields: [Argument], _ context: ValidationContext) {
        guard fields.count > 1 else { return }
        var seen: [String: Name] = [:]
        for field in fields {
            context.checkUnique(field.name, among: &seen, rule: "UniqueInputFieldNames", kind: "input field")
        }
    }
}
