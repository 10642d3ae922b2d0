import APICoreCompiler

/// The IR of one compilation unit: every operation and fragment of a set of documents (fragments may be defined in
/// any file), and the schema types they use. Everything is sorted by name, so output never depends on file order.
struct IRCompilation: Sendable {
    /// The operations, by Swift type name.
    var operations: [IROperation]
    /// The fragments, by name.
    var fragments: [IRFragment]
    /// The schema types the operations and fragments use, input objects' field types included, by name.
    var referencedTypeNames: [String]
}

/// One operation.
struct IROperation: Sendable {
    /// The operation's name.
    var name: String
    /// The generated type's name (`HeroNameQuery`).
    var typeName: String
    var kind: OperationKind
    /// The operation's own text, on one line, without its fragments.
    var text: String
    /// The names of the fragments it uses, directly or through other fragments, sorted.
    var fragmentNames: [String]
    /// The Swift type names of those fragments, in the same order.
    var fragmentTypeNames: [String]
    /// The whole document sent to the server: the text and each fragment's, one per line.
    var document: String
    /// The persisted-query id, as the configuration computes it from the document.
    var identifier: String
    var variables: [IRVariable]
    /// The `Data` selection set.
    var data: IRSelectionSet
}

/// One fragment.
struct IRFragment: Sendable {
    var name: String
    /// The generated type's name (`HeroDetails` for `heroDetails`).
    var typeName: String
    /// The fragment's definition on one line.
    var text: String
    var selectionSet: IRSelectionSet
}

/// One variable of an operation.
struct IRVariable: Sendable {
    /// The variable's name, without `$`.
    var name: String
    /// The Swift property name (unescaped).
    var propertyName: String
    var type: TypeReference
    /// The default value written in the document, which an absent value takes.
    var defaultValue: Value?

    /// Whether a value may be left out: nullable, or defaulted in the document.
    var isOptional: Bool {
        if case .nonNull = type { return defaultValue != nil }
        return true
    }
}
