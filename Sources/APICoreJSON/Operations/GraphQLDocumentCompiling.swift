/// Compiles GraphQL documents at run time into operations the client runs like generated ones: the schema a client
/// holds for dynamic operations (`APICoreDynamic`'s `GraphQLRuntimeSchema`, loaded from SDL or introspection).
public protocol GraphQLDocumentCompiling: Sendable {
    /// The operation of `document` named `operationName` (or its only one), validated against the schema and
    /// compiled, or the located errors that prevent it.
    func compile(document: String, operationName: String?) throws(GraphQLDocumentError) -> GraphQLCompiledOperation
}

/// Why a document could not be compiled: its syntax errors or the validation rules it breaks, each located in the
/// document.
public struct GraphQLDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem, where it is in the document.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, and where possible how to fix it.
        public var message: String
        /// The 1-based line of the problem in the document; 0 when it has no place (a missing operation).
        public var line: Int
        /// The 1-based column.
        public var column: Int
        /// The rule broken (`FieldsOnCorrectType`, `syntax`), for tests and filtering.
        public var rule: String

        /// A problem at `line` and `column`.
        public init(message: String, line: Int, column: Int, rule: String) {
            self.message = message
            self.line = line
            self.column = column
            self.rule = rule
        }

        /// `line:column: message`.
        public var description: String {
            line > 0 ? "\(line):\(column): \(message)" : message
        }
    }

    /// The problems, in document order; never empty.
    public var problems: [Problem]

    /// An error of `problems`, which must hold at least one.
    public init(_ problems: [Problem]) {
        precondition(!problems.isEmpty, "a document error carries at least one problem")
        self.problems = problems
    }

    /// The problems, one per line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
