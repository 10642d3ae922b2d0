import APICoreDynamic
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// A document compiled at run time (`GraphQLRuntimeSchema`) against the same schema as generated code gives what the
/// generated operation holds: the same document text and persisted-query id, the same variable defaults, and the
/// same selections (fields, aliases, arguments, types, conditions, fragments, type cases, deferred parts), so both
/// normalize under the same cache keys.
@Suite("Documents compiled at run time match generated code")
struct RuntimeCompilationTests {
    /// What a generated operation holds as static data.
    struct Generated: Sendable {
        let name: String
        let document: String
        let identifier: String?
        let defaults: JSONObject
        let selections: GraphQLSelectionTree

        init<Operation: GraphQLOperation>(_: Operation.Type) {
            name = Operation.operationName
            document = Operation.document
            identifier = Operation.operationIdentifier
            defaults = Operation.variableDefaults
            selections = GraphQLSelectionTree(Operation.Data.self)
        }
    }

    static let inputs = RepositoryLayout.root.appendingPathComponent("Development/Tests/Fixtures/CodegenInputs")

    /// Every `.graphql` file of a fixture folder, as one document.
    static func documents(in folder: String) throws -> String {
        let url = inputs.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".graphql") }
        return try names.sorted().map { try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    static let behaviour: [Generated] = [
        Generated(AccountsQuery.self), Generated(DefaultedQuery.self), Generated(EventQuery.self),
        Generated(StockQuery.self), Generated(TwoAccountListsQuery.self), Generated(UploadMutation.self),
        Generated(UsersQuery.self),
    ]

    @Test("the behaviour fixture's operations (type cases, @defer, conditions, defaults, uploads)")
    func behaviourOperations() throws {
        let schema = try GraphQLRuntimeSchema(contentsOf: [
            Self.inputs.appendingPathComponent("Behaviour/schema.graphqls").path
        ])
        let document = try Self.documents(in: "Behaviour")
        for generated in Self.behaviour {
            try Self.expectSame(
                generated, schema.compile(document: document, operationName: generated.name), in: schema)
        }
    }

    @Test("GitHawk's issue query against GitHub's 2020 schema, from introspection JSON")
    func gitHawkIssue() throws {
        let schema = try GraphQLRuntimeSchema(
            introspection: try Data(contentsOf: CorpusFiles.url("github/operations/githawk/schema-2020.json")))
        let document = try Self.documents(in: "GitHawkIssue")
        try Self.expectSame(
            Generated(IssueQuery.self), schema.compile(document: document, operationName: "Issue"), in: schema)
    }

    /// `compiled` is what the generator made of the same operation, and compiling its document again gives the same
    /// text, so a stored document (the offline mutation queue's) is sent after a restart exactly as it was the first
    /// time. The key fields the first compilation added are then selected as written, so the selections are compared
    /// without key fields added: the same again.
    static func expectSame(
        _ generated: Generated, _ compiled: GraphQLCompiledOperation, in schema: GraphQLRuntimeSchema
    ) throws {
        let again = try schema.compile(document: compiled.document, operationName: nil)
        #expect(again.document == compiled.document, "\(generated.name)")
        let asWritten = try GraphQLRuntimeSchema(schema: schema.schema, addsKeyFields: false)
        let once = try asWritten.compile(document: generated.document, operationName: generated.name)
        let twice = try asWritten.compile(document: once.document, operationName: nil)
        #expect(twice.document == once.document, "\(generated.name)")
        #expect(SelectionOutline.lines(of: twice.dataSelections) == SelectionOutline.lines(of: once.dataSelections))
        #expect(compiled.name == generated.name)
        #expect(compiled.document == generated.document, "\(generated.name)")
        #expect(compiled.operationIdentifier == generated.identifier, "\(generated.name)")
        #expect(compiled.variableDefaults == generated.defaults, "\(generated.name)")
        let expected = SelectionOutline.lines(of: generated.selections)
        let actual = SelectionOutline.lines(of: compiled.dataSelections)
        #expect(actual == expected, "\(generated.name)")
        if actual != expected {
            for (index, line) in expected.enumerated() where index >= actual.count || actual[index] != line {
                Issue.record(
                    "first difference at line \(index): \(line) / \(index < actual.count ? actual[index] : "")")
                break
            }
        }
    }
}
