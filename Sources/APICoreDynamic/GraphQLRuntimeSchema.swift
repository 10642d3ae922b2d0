import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreJSON
import Foundation

/// A schema held at run time, which compiles GraphQL documents into operations the client runs like generated ones:
/// executed, fetched and watched through the same pipeline, under the same cache policies, normalized under the same
/// cache keys as generated code for the same document.
///
/// ```swift
/// let schema = try GraphQLRuntimeSchema(sdl: schemaText)
/// let client = APIClient(configuration: APIClientConfiguration(graphQLEndpoint: url, cache: store, schema: schema))
/// let user = try await client.execute(document: "query User($id: ID!) { user(id: $id) { id name } }",
///                                     variables: ["id": "1"])
/// ```
///
/// Compiling a document parses it, validates it against the schema by every rule of the specification (the errors
/// are located in the document: `GraphQLDocumentError`), and builds the selections the code generator would
/// generate for it, `__typename` on every object included. The last compiled operations are kept, so a document run
/// many times is compiled once.
public final class GraphQLRuntimeSchema: GraphQLDocumentCompiling {
    /// The schema.
    public let schema: GraphQLSchema
    /// How the normalized cache stores the schema's types, as generated code's `typePolicies` would say: key fields,
    /// field policies and times to live from the schema's `@typePolicy`, `@fieldPolicy` and `@cacheControl`. Give it
    /// to the cache's `CacheKeyResolver` when no generated code does.
    public let typePolicies: GraphQLTypePolicies
    /// Whether the documents sent select each object's cache key (`id`, or its `@typePolicy` key fields) wherever the
    /// document does not, as generated code does by default: one object is then one record in the normalized cache
    /// however it is reached. The result holds only what the document selects.
    public let addsKeyFields: Bool
    /// Whether the documents sent have fragment arguments inlined: each spread of a fragment that declares variables
    /// becomes an inline fragment with the spread's values, for servers that do not parse fragment arguments
    /// (RFC 1224). The selections the cache and decoding use are the same either way.
    public let inlinesFragmentArguments: Bool
    /// The schema with the introspection types, which operations may select.
    private let executableSchema: GraphQLSchema
    private let compiled = Lock(CompiledOperations())
    /// How many compiled operations are kept.
    static let keptOperations = 128

    /// A runtime schema over a built schema; fails when its cache directives (`@typePolicy`, `@fieldPolicy`,
    /// `@cacheControl`) are malformed, as generation would.
    public init(
        schema: GraphQLSchema, addsKeyFields: Bool = true, inlinesFragmentArguments: Bool = false
    ) throws(CompilerError) {
        self.schema = schema
        self.addsKeyFields = addsKeyFields
        self.inlinesFragmentArguments = inlinesFragmentArguments
        typePolicies = try GraphQLTypePolicies.declared(in: schema)
        executableSchema = schema.addingIntrospectionTypes()
    }

    /// A runtime schema from SDL text; errors are located in `name`.
    public convenience init(
        sdl: String, name: String = "schema.graphqls", addsKeyFields: Bool = true,
        inlinesFragmentArguments: Bool = false
    ) throws(CompilerError) {
        try self.init(
            schema: try GraphQLSchema.build(from: [Source(name: name, text: sdl)]), addsKeyFields: addsKeyFields,
            inlinesFragmentArguments: inlinesFragmentArguments)
    }

    /// A runtime schema from an introspection result (the JSON of an introspection query's response, or its `data`).
    public convenience init(
        introspection: Data, name: String = "schema.json", addsKeyFields: Bool = true,
        inlinesFragmentArguments: Bool = false
    ) throws(CompilerError) {
        try self.init(
            schema: try GraphQLSchema.build(introspection: introspection, file: name), addsKeyFields: addsKeyFields,
            inlinesFragmentArguments: inlinesFragmentArguments)
    }

    /// A runtime schema from schema files or folders: SDL, or one introspection JSON file.
    public convenience init(
        contentsOf paths: [String], addsKeyFields: Bool = true, inlinesFragmentArguments: Bool = false
    ) throws(CompilerError) {
        try self.init(
            schema: try GraphQLSchema.load(paths: paths), addsKeyFields: addsKeyFields,
            inlinesFragmentArguments: inlinesFragmentArguments)
    }

    /// The operation of `document` named `operationName`, or its only operation, validated and compiled.
    ///
    /// An anonymous operation gets a name of its kind (`AnonymousQuery`) in the document sent, which servers accept
    /// like any other.
    public func compile(
        document: String,
        operationName: String? = nil
    ) throws(GraphQLDocumentError) -> GraphQLCompiledOperation {
        let key = CompiledOperations.Key(document: document, operationName: operationName)
        if let known = compiled.withLock({ $0.operation(for: key) }) { return known }
        let operation = try compileAnew(document: document, operationName: operationName)
        compiled.withLock { $0.keep(operation, for: key, limit: Self.keptOperations) }
        return operation
    }

    private func compileAnew(
        document text: String, operationName: String?
    ) throws(GraphQLDocumentError) -> GraphQLCompiledOperation {
        let document: Document
        do throws(CompilerError) {
            document = try Parser.parse(Source(name: "document", text: text))
        } catch {
            throw Self.documentError(error.diagnostics)
        }
        let selected = try Self.selectedOperation(in: document, named: operationName)
        let diagnostics = DocumentValidator.validate([document], against: schema)
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw Self.documentError(diagnostics.filter { $0.severity == .error })
        }
        // Only the selected operation is compiled, named if it was anonymous, with every fragment (unused ones are
        // left out by the compiler's document text).
        var operation = selected
        if operation.name == nil {
            let kind = operation.kind.rawValue
            operation.name = Name("Anonymous" + kind.prefix(1).uppercased() + kind.dropFirst())
        }
        let unit = Document(definitions: [.operation(operation)] + document.fragments.map { .fragment($0) })
        let compilation: (operation: IROperation, fragments: [IRFragment])
        do throws(CompilerError) {
            let compiled = try IRCompiler.compile(
                [unit], schema: executableSchema, namespace: "RuntimeSchema", addsKeyFields: addsKeyFields,
                inlinesFragmentArguments: inlinesFragmentArguments)
            guard let first = compiled.operations.first else {
                preconditionFailure("a compilation of one operation holds it")
            }
            compilation = (first, compiled.fragments)
        } catch {
            throw Self.documentError(error.diagnostics)
        }
        var builder = SelectionTreeBuilder(schema: executableSchema, fragments: compilation.fragments)
        var defaults = JSONObject()
        for variable in compilation.operation.variables {
            if let value = variable.defaultValue { defaults[variable.name] = ArgumentValues.json(value) }
        }
        let type: GraphQLOperationType =
            switch compilation.operation.kind {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        return GraphQLCompiledOperation(
            name: compilation.operation.name, sentOperationName: compilation.operation.name, operationType: type,
            document: compilation.operation.document,
            operationIdentifier: compilation.operation.identifier, variableDefaults: defaults,
            dataSelections: builder.tree(of: compilation.operation.data))
    }

    /// The operation `name` selects, or the document's only one.
    private static func selectedOperation(
        in document: Document, named name: String?
    ) throws(GraphQLDocumentError) -> OperationDefinition {
        let operations = document.operations
        if let name {
            guard let operation = operations.first(where: { $0.name?.value == name }) else {
                throw GraphQLDocumentError([
                    .init(
                        message: "The document has no operation named \"\(name)\".", line: 0, column: 0,
                        rule: "OperationName")
                ])
            }
            return operation
        }
        switch operations.count {
        case 1:
            return operations[0]
        case 0:
            throw GraphQLDocumentError([
                .init(message: "The document has no operation to run.", line: 0, column: 0, rule: "OperationName")
            ])
        default:
            let names = operations.compactMap { $0.name?.value }.map { "\"\($0)\"" }.joined(separator: ", ")
            throw GraphQLDocumentError([
                .init(
                    message: "The document has \(operations.count) operations (\(names)): name the one to run.",
                    line: operations[1].location.line, column: operations[1].location.column, rule: "OperationName")
            ])
        }
    }

    private static func documentError(_ diagnostics: [Diagnostic]) -> GraphQLDocumentError {
        GraphQLDocumentError(
            diagnostics.map { diagnostic in
                let location = diagnostic.locations.first
                return GraphQLDocumentError.Problem(
                    message: diagnostic.message, line: location?.line ?? 0, column: location?.column ?? 0,
                    rule: diagnostic.rule)
            })
    }
}

/// The operations a runtime schema compiled last, by document and operation name.
private struct CompiledOperations {
    struct Key: Hashable {
        var document: String
        var operationName: String?
    }

    private var operations: [Key: GraphQLCompiledOperation] = [:]
    /// The keys, oldest first.
    private var order: [Key] = []

    func operation(for key: Key) -> GraphQLCompiledOperation? { operations[key] }

    mutating func keep(_ operation: GraphQLCompiledOperation, for key: Key, limit: Int) {
        guard operations.updateValue(operation, forKey: key) == nil else { return }
        order.append(key)
        if order.count > limit { operations[order.removeFirst()] = nil }
    }
}
