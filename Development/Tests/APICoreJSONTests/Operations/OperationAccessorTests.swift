import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import Testing

/// What the client, the cache and the test mocks read of an operation (`__compiled`, `__operationName`,
/// `__dataSelections`, `effectiveVariables`), now that a generated operation's conformance no longer carries
/// `__compiled`: generated operations answer with their static data, operations compiled at run time with theirs,
/// read through generic code as the client reads them.
@Suite("Operation accessors")
struct OperationAccessorTests {
    struct Viewer: GraphQLRootSelectionSet {
        static var __parentType: GraphQLParentType { .object("Query") }
        static var __selections: [GraphQLSelection] {
            [.field(GraphQLField("login", .nonNull(.scalar("String")), leaf: String.self))]
        }
        let __object: GraphQLCheckedObject
        init(__object: GraphQLCheckedObject) { self.__object = __object }
    }

    /// A generated operation's shape: statics, and variables over a declared default.
    struct ViewerQuery: GraphQLQuery {
        typealias Data = Viewer
        static var operationName: String { "Viewer" }
        static var document: String { "query Viewer($first: Int = 10, $after: String) { login }" }
        static var operationIdentifier: String? { "abc" }
        static var variableDefaults: JSONObject { ["first": 10] }
        var after: String?
        var variables: JSONObject { after.map { ["after": .string($0)] } ?? [:] }
    }

    /// Has the data type of an operation compiled at run time without being one: nothing to read per instance, so
    /// its statics answer.
    struct LookalikeQuery: GraphQLQuery {
        typealias Data = GraphQLDynamicData
        static var operationName: String { "Lookalike" }
        static var document: String { "query Lookalike { login }" }
    }

    static let compiled = GraphQLCompiledOperation(
        name: "Search", sentOperationName: "Search", operationType: .query,
        document: "query Search($term: String!, $limit: Int = 5) { search(term: $term, limit: $limit) }",
        operationIdentifier: "def", variableDefaults: ["limit": 5],
        dataSelections: GraphQLSelectionTree(
            parentType: .object("Query"),
            selections: [.field(GraphQLField("search", .list(.scalar("String")), leaf: [String?]?.self))]))

    /// What the client reads, in generic code over any operation.
    struct Read {
        var compiled: GraphQLCompiledOperation?
        var name: String
        var type: GraphQLOperationType
        var document: String
        var identifier: String?
        var parentType: String
        var selectionKeys: [String?]
        var effectiveVariables: JSONObject
    }

    static func read(_ operation: some GraphQLOperation) -> Read {
        let selections = operation.__dataSelections
        return Read(
            compiled: operation.__compiled, name: operation.__operationName, type: operation.__operationType,
            document: operation.__document, identifier: operation.__operationIdentifier,
            parentType: selections.parentType.name, selectionKeys: selections.selections.map(\.fieldResponseKey),
            effectiveVariables: operation.effectiveVariables)
    }

    @Test("a generated operation reads its statics, with sent variables over the document's defaults")
    func generatedOperation() {
        let read = Self.read(ViewerQuery(after: "c1"))
        #expect(read.compiled == nil)
        #expect(read.name == "Viewer")
        #expect(read.type == .query)
        #expect(read.document == ViewerQuery.document)
        #expect(read.identifier == "abc")
        #expect(read.parentType == "Query")
        #expect(read.selectionKeys == ["login"])
        #expect(read.effectiveVariables == ["first": 10, "after": "c1"])
        #expect(Self.read(ViewerQuery()).effectiveVariables == ["first": 10])
    }

    @Test("an operation compiled at run time reads its compiled name, document, selections and defaults")
    func compiledOperation() {
        let query = GraphQLDynamicQuery(Self.compiled, variables: ["term": "swift", "limit": 20])
        let read = Self.read(query)
        #expect(read.compiled === Self.compiled)
        #expect(read.name == "Search")
        #expect(read.document == Self.compiled.document)
        #expect(read.identifier == "def")
        #expect(read.parentType == "Query")
        #expect(read.selectionKeys == ["search"])
        #expect(read.effectiveVariables == ["term": "swift", "limit": 20], "a sent value wins over the default")
        #expect(
            Self.read(GraphQLDynamicQuery(Self.compiled, variables: ["term": "a"])).effectiveVariables
                == ["term": "a", "limit": 5])
    }

    @Test("each kind compiled at run time reads its own kind; an existential reads as its concrete type does")
    func compiledKinds() {
        let mutation = GraphQLCompiledOperation(
            name: "Star", sentOperationName: nil, operationType: .mutation, document: "mutation { star }",
            operationIdentifier: nil, variableDefaults: [:], dataSelections: .unchecked)
        let subscription = GraphQLCompiledOperation(
            name: "Ticks", sentOperationName: nil, operationType: .subscription, document: "subscription { ticks }",
            operationIdentifier: nil, variableDefaults: [:], dataSelections: .unchecked)
        let operations: [any GraphQLOperation] = [
            GraphQLDynamicMutation(mutation), GraphQLDynamicSubscription(subscription),
            GraphQLDynamicQuery(Self.compiled),
        ]
        #expect(operations.map { Self.read($0).name } == ["Star", "Ticks", "Search"])
        #expect(operations.map { Self.read($0).type } == [.mutation, .subscription, .query])
        #expect(operations.map { Self.read($0).identifier } == [nil, nil, "def"])
    }

    @Test("files given to an operation compiled at run time are its uploads when read through generic code")
    func compiledFiles() {
        let mutation = GraphQLCompiledOperation(
            name: "Upload", sentOperationName: nil, operationType: .mutation,
            document: "mutation Upload($file: Upload!) { upload(file: $file) }", operationIdentifier: nil,
            variableDefaults: [:], dataSelections: .unchecked)
        let file = GraphQLFile(data: Data("hello".utf8), fileName: "hello.txt", contentType: "text/plain")
        let uploads = [GraphQLFileUpload(path: "variables.file", file: file)]
        // The client reads an operation's files as generic code does, through `forEachFile(_:)`.
        func files(of operation: some GraphQLOperation) -> [GraphQLFileUpload] { operation.fileUploads }
        #expect(files(of: GraphQLDynamicMutation(mutation, variables: ["file": .null], files: uploads)) == uploads)
        #expect(files(of: GraphQLDynamicMutation(mutation, variables: ["file": .null])).isEmpty)
        #expect(files(of: GraphQLDynamicQuery(Self.compiled, files: uploads)) == uploads)
        #expect(files(of: GraphQLDynamicQuery(Self.compiled)).isEmpty)
    }

    @Test("an operation with the compiled data type that is not compiled at run time reads its statics")
    func lookalikeOperation() {
        let read = Self.read(LookalikeQuery())
        #expect(read.compiled == nil)
        #expect(read.name == "Lookalike")
        #expect(read.document == LookalikeQuery.document)
        #expect(read.identifier == nil)
    }
}
