/// UniqueInputFieldNames (specification 5.6.3): an input object literal gives each field once.
enum UniqueInputFieldNamesRule {
    static func check(_ fields: [Argument], _ context: ValidationContext) {
        guard fields.count > 1 else { return }
        var seen: [String: Name] = [:]
        for field in fields {
            let name = field.name
            if let first = seen[name.value] {
                context.report(
                    "UniqueInputFieldNames", "There can be only one input field named \"\(name.value)\".",
                    at: [first.location, name.location])
            } else {
                seen[name.value] = name
            }
        }
    }
}
