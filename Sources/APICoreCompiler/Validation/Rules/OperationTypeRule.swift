/// KnownOperationTypes (specification working draft, "Operation Type Existence"): the schema has a root type for the
/// operation's kind.
enum OperationTypeRule {
    static func check(_ operation: OperationDefinition, rootType: SchemaType?, _ context: ValidationContext) {
        guard rootType == nil else { return }
        context.report(
            "KnownOperationTypes", "The \(operation.kind.rawValue) operation is not supported by the schema.",
            at: [operation.location])
    }
}
