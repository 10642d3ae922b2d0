import APICoreCompiler

/// The IR of one compilation unit: every operation and fragment of a set of documents (fragments may be defined in
/// any file), and the schema types they use. Everything is sorted by name, so output never depends on file order.
package struct IRCompilation: Sendable {
    /// The operations, by Swift type name.
    package var operations: [IROperation]
    /// The fragments, by name.
    package var fragments: [IRFragment]
    /// The schema types the operations and fragments use, input objects' field types included, by name.
    package var referencedTypeNames: [String]
}

/// One operation.
package struct IROperation: Sendable {
    /// The operation's name.
    package var name: String
    /// The generated type's name (`HeroNameQuery`).
    package var typeName: String
    package var kind: OperationKind
    /// The operation's own text, on one line, without its fragments.
    package var text: String
    /// The names of the fragments it uses, directly or through other fragments, sorted.
    package var fragmentNames: [String]
    /// The Swift type names of those fragments, in the same order.
    package var fragmentTypeNames: [String]
    /// The whole document sent to the server: the text and each fragment's, one per line.
    package var document: String
    /// The persisted-query id, as the configuration computes it from the document.
    package var identifier: String
    package var variables: [IRVariable]
    /// The `Data` selection set.
    package var data: IRSelectionSet
}

/// One fragment.
package struct IRFragment: Sendable {
    package var name: String
    /// The generated type's name (`HeroDetails` for `heroDetails`).
    package var typeName: String
    /// The fragment's definition on one line.
    package var text: String
    package var selectionSet: IRSelectionSet
    /// The fragment's own variables (RFC 1224), in the order declared.
    package var variables: [IRVariable] = []
}

/// One variable of an operation.
package struct IRVariable: Sendable {
    /// The variable's name, without `$`.
    package var name: String
    /// The Swift property name (unescaped).
    package var propertyName: String
    package var type: TypeReference
    /// The default value written in the document, which an absent value takes.
    package var defaultValue: Value?

    /// Whether a value may be left out: nullable, or defaulted in the document.
    package var isOptional: Bool {
        if case .nonNull = type { return defaultValue != nil }
        return true
    }
}
