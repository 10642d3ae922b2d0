/// Two fields (or groups of fields) with the same response name that cannot be merged.
struct FieldConflict {
    /// Why the fields conflict.
    indirect enum Reason {
        /// A conflict of the fields themselves: "they have differing arguments".
        case message(String)
        /// Conflicts between their sub-fields.
        case subfields([FieldConflict])
    }

    let responseName: String
    let reason: Reason
    /// The fields on one side, the outer field first, then the sub-fields involved.
    let fields1: [SourceLocation]
    /// The fields on the other side.
    let fields2: [SourceLocation]

    /// `Fields "x" conflict because ... Use different aliases ...`, as graphql-js words it.
    var message: String {
        "Fields \"\(responseName)\" conflict because \(Self.text(of: reason)). Use different aliases on the fields to "
            + "fetch both if this was intentional."
    }

    private static func text(of reason: Reason) -> String {
        switch reason {
        case .message(let message):
            message
        case .subfields(let conflicts):
            conflicts.map { "subfields \"\($0.responseName)\" conflict because \(text(of: $0.reason))" }
                .joined(separator: " and ")
        }
    }
}
