import APICoreCompiler
import APICoreGenerateCommand

/// What `apicore query --paginate` needs from the document, found before anything is sent: the operation declares
/// `$endCursor: String`, and selects `pageInfo { hasNextPage endCursor }` on exactly one connection.
///
/// The connection is found by walking the selected operation's selections (named and inline fragments included) with
/// the package's GraphQL parser; selections that reach the same place in the response count once.
struct PaginationPlan: Equatable {
    /// The variable each page after the first is sent with, holding the previous page's `endCursor`.
    static let cursorVariable = "endCursor"

    /// The response keys from `data` down to the `pageInfo` object.
    var pageInfoPath: [String]
    /// The key of `hasNextPage` inside `pageInfo` (an alias, when the document gives one).
    var hasNextPageKey: String
    /// The key of `endCursor` inside `pageInfo`.
    var endCursorKey: String

    /// The path as the messages write it, `items.pageInfo`.
    var pathDescription: String { pageInfoPath.joined(separator: ".") }

    /// Parses `text` (read from `file`) and finds the plan for the operation `operationName`, or the only one.
    static func make(
        document text: String, file: String, operationName: String?
    ) throws(CommandFailure)
        -> PaginationPlan
    {
        let document: Document
        do throws(CompilerError) {
            document = try Parser.parse(Source(name: file, text: text))
        } catch {
            throw CommandFailure(message: error.description, exitCode: QueryOutcome.invalidInputStatus)
        }
        let operation = try selectedOperation(in: document, named: operationName, file: file)
        try checkCursorVariable(of: operation)
        var finder = PageInfoFinder(fragments: document.fragments)
        finder.walk(operation.selectionSet, path: [])
        return try plan(from: finder, operation: operation)
    }

    /// The operation `name`, or the only one; `--paginate` runs queries only.
    private static func selectedOperation(
        in document: Document, named name: String?, file: String
    ) throws(CommandFailure) -> OperationDefinition {
        let operations = document.operations
        let selected: OperationDefinition
        if let name {
            guard let named = operations.first(where: { $0.name?.value == name }) else {
                throw failure("the document has no operation named '\(name)'", at: file)
            }
            selected = named
        } else {
            guard let only = operations.first else { throw failure("the document has no operation", at: file) }
            guard operations.count == 1 else {
                throw failure("the document has \(operations.count) operations; choose one with --operation", at: file)
            }
            selected = only
        }
        guard selected.kind == .query else {
            throw failure(
                "--paginate runs queries only, and \(title(of: selected)) is a \(selected.kind.rawValue)",
                at: selected.location.description)
        }
        return selected
    }

    /// Requires `$endCursor` declared as a nullable `String`, so that the first page can be sent without it.
    private static func checkCursorVariable(of operation: OperationDefinition) throws(CommandFailure) {
        guard let definition = operation.variableDefinitions.first(where: { $0.name.value == cursorVariable }) else {
            throw failure(
                "--paginate needs \(title(of: operation)) to declare the variable $\(cursorVariable): String, "
                    + "and to pass it as the connection's cursor (such as after: $\(cursorVariable))",
                at: operation.location.description)
        }
        guard case .named(let name) = definition.type, name.value == "String" else {
            throw failure(
                "--paginate needs $\(cursorVariable) declared as String (nullable), not \(definition.type), so that "
                    + "the first page can be fetched without a cursor",
                at: definition.location.description)
        }
    }

    /// The one connection the finder saw, or the error naming what is missing or ambiguous.
    private static func plan(
        from finder: PageInfoFinder, operation: OperationDefinition
    ) throws(CommandFailure) -> PaginationPlan {
        let complete = finder.candidates.filter { $0.hasNextPageKey != nil && $0.endCursorKey != nil }
        if complete.count > 1 {
            let paths = complete.map { "'\($0.path.joined(separator: "."))'" }.joined(separator: ", ")
            throw failure(
                "--paginate found pageInfo { hasNextPage endCursor } on \(complete.count) connections (\(paths)); "
                    + "select it on exactly one",
                at: complete[1].location.description)
        }
        guard let found = complete.first, let hasNextPageKey = found.hasNextPageKey,
            let endCursorKey = found.endCursorKey
        else {
            let partial = finder.candidates.map { candidate in
                let missing = candidate.hasNextPageKey == nil ? "hasNextPage" : "endCursor"
                return "'\(candidate.path.joined(separator: "."))' selects no \(missing)"
            }
            let detail = partial.isEmpty ? "" : " (\(partial.joined(separator: "; ")))"
            throw failure(
                "--paginate needs \(title(of: operation)) to select pageInfo { hasNextPage endCursor } on the "
                    + "connection it pages\(detail)",
                at: (finder.candidates.first?.location ?? operation.location).description)
        }
        return PaginationPlan(pageInfoPath: found.path, hasNextPageKey: hasNextPageKey, endCursorKey: endCursorKey)
    }

    /// "the operation 'Items'", or "the anonymous query".
    private static func title(of operation: OperationDefinition) -> String {
        operation.name.map { "the operation '\($0.value)'" } ?? "the anonymous \(operation.kind.rawValue)"
    }

    /// Wrong input (exit 1) at `place`, a `file:line:column` or a file name.
    private static func failure(_ message: String, at place: String) -> CommandFailure {
        CommandFailure(message: "\(place): error: \(message)", exitCode: QueryOutcome.invalidInputStatus)
    }
}
