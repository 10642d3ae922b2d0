import APICoreGraphQL
import Testing

/// `apicore diff-schema`: the built executable against graphql-core on the GitHub schema pair, and on small schemas
/// written by the tests.
@Suite("apicore diff-schema")
struct DiffSchemaCommandTests {
    static let oldGitHub = ValidateFixture.corpus("github/schema-2021-10-01.graphqls")
    static let newGitHub = ValidateFixture.corpus("github/schema.graphqls")

    @Test("GitHub 2021-10-01 to today: exactly graphql-core's breaking and dangerous changes, exit 1")
    func gitHubMatchesGraphQLCore() async throws {
        let oracle = try await SchemaChangeOracle.changes(from: Self.oldGitHub, to: Self.newGitHub)
        let result = try await APICoreExecutable.run([
            "diff-schema", Self.oldGitHub, Self.newGitHub, "--format", "json",
        ])
        #expect(result.status == 1)
        let json = try #require(result.json, "not JSON: \(result.output.prefix(300)) \(result.error)")
        let breaking = SchemaChangeOracle.changes(json["breaking"])
        let dangerous = SchemaChangeOracle.changes(json["dangerous"])
        #expect(!oracle.breaking.isEmpty)
        #expect(
            Set(breaking) == Set(oracle.breaking),
            "ours only: \(Set(breaking).subtracting(oracle.breaking).sorted()); graphql-core only: \(Set(oracle.breaking).subtracting(breaking).sorted())"
        )
        #expect(breaking.count == oracle.breaking.count)
        #expect(
            Set(dangerous) == Set(oracle.dangerous),
            "ours only: \(Set(dangerous).subtracting(oracle.dangerous).sorted()); graphql-core only: \(Set(oracle.dangerous).subtracting(dangerous).sorted())"
        )
        #expect(dangerous.count == oracle.dangerous.count)
    }

    @Test("every kind of change on small schemas: graphql-core's set, located text lines")
    func smallSchemasMatchGraphQLCore() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let old = try fixture.file("old.graphqls", DiffFixtures.oldSchema)
        let new = try fixture.file("new.graphqls", DiffFixtures.newSchema)
        let oracle = try await SchemaChangeOracle.changes(from: old, to: new)
        let json = try await APICoreExecutable.run(["diff-schema", old, new, "--format", "json"])
        #expect(json.status == 1)
        #expect(Set(SchemaChangeOracle.changes(json.json?["breaking"])) == Set(oracle.breaking))
        #expect(Set(SchemaChangeOracle.changes(json.json?["dangerous"])) == Set(oracle.dangerous))
        #expect(oracle.breaking.count >= 12 && oracle.dangerous.count >= 5)

        let text = try await APICoreExecutable.run(["diff-schema", old, new])
        #expect(text.status == 1)
        #expect(text.output.contains("new.graphqls:"))
        #expect(text.output.contains(": error: FIELD_REMOVED Issue.body: Issue.body was removed."))
        #expect(
            text.output.contains(": warning: VALUE_ADDED_TO_ENUM State.MERGED: MERGED was added to enum type State."))
    }

    @Test("--operations names the operation a breaking change breaks, and not the others")
    func operationsAttribution() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let old = try fixture.file("old.graphqls", DiffFixtures.oldSchema)
        let new = try fixture.file("new.graphqls", DiffFixtures.newSchema)
        _ = try fixture.file("operations/Body.graphql", "query IssueBody { issue(number: 1) { title body } }\n")
        _ = try fixture.file("operations/Node.graphql", "query NodeID { node { id } }\n")
        _ = try fixture.file(
            "operations/Closed.graphql", "query ClosedIssues { issues(state: CLOSED) { title } }\n")
        // The enum value given to a fragment's variable (fragment arguments), at a spread or as its default.
        _ = try fixture.file(
            "operations/Filtered.graphql",
            "query FilteredIssues { ...Filtered(state: CLOSED) }\n"
                + "fragment Filtered($state: State) on Query { issues(state: $state) { title } }\n")
        _ = try fixture.file(
            "operations/Defaulted.graphql",
            "query DefaultedIssues { ...Defaulted }\n"
                + "fragment Defaulted($state: State = CLOSED) on Query { issues(state: $state) { title } }\n")
        let result = try await APICoreExecutable.run([
            "diff-schema", old, new, "--operations", fixture.path("operations"), "--format", "json",
        ])
        #expect(result.status == 1)
        let operations = try #require(result.json?["operations"]?.arrayValue)
        let byName = Dictionary(uniqueKeysWithValues: operations.map { ($0["name"]?.stringValue ?? "", $0) })
        #expect(
            byName["IssueBody"]?["breakingChanges"]?.arrayValue?.compactMap(\.stringValue) == [
                "A required arg repository on Query.issue was added.", "Issue.body was removed.",
            ])
        #expect(byName["IssueBody"]?["errors"]?.arrayValue?.count == 2)
        #expect(byName["NodeID"]?["breakingChanges"]?.arrayValue?.isEmpty == true)
        #expect(byName["NodeID"]?["errors"]?.arrayValue?.isEmpty == true)
        for name in ["ClosedIssues", "FilteredIssues", "DefaultedIssues"] {
            #expect(
                byName[name]?["breakingChanges"]?.arrayValue?.compactMap(\.stringValue) == [
                    "CLOSED was removed from enum type State."
                ], "\(name)")
        }

        let text = try await APICoreExecutable.run([
            "diff-schema", old, new, "--operations", fixture.path("operations"),
        ])
        #expect(text.output.contains("Body.graphql:1:1: error: operation 'IssueBody' is broken by the new schema"))
        #expect(text.output.contains("; 4 of 5 operations broken"))
    }

    @Test("only dangerous changes: exit 0; the same schema: exit 0 and no changes; a missing file: exit 2")
    func exitStatuses() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let old = try fixture.file("old.graphqls", "type Query { state: State }\nenum State { OPEN }\n")
        let new = try fixture.file("new.graphqls", "type Query { state: State }\nenum State { OPEN CLOSED }\n")
        let dangerous = try await APICoreExecutable.run(["diff-schema", old, new])
        #expect(dangerous.status == 0)
        #expect(dangerous.output.hasSuffix("0 breaking changes, 1 dangerous change\n"))
        let same = try await APICoreExecutable.run(["diff-schema", old, old])
        #expect(same.status == 0)
        #expect(same.output == "0 breaking changes, 0 dangerous changes\n")
        let missing = try await APICoreExecutable.run(["diff-schema", old, fixture.path("nope.graphqls")])
        #expect(missing.status == 2)
        #expect(missing.error.contains("nope.graphqls"))
    }
}

/// Two small schemas with at least one change of each kind.
enum DiffFixtures {
    static let oldSchema = """
        directive @cached(ttl: Int) repeatable on FIELD | QUERY
        directive @gone on FIELD
        type Query {
          issue(number: Int!, owner: String): Issue
          issues(state: State = OPEN, first: Int = 10, orderBy: Order = {field: CREATED}): [Issue]
          search: SearchResult
          node: Node
          count: Int
        }
        interface Node { id: ID! }
        interface Labeled { labels: [String] }
        type Issue implements Node & Labeled { id: ID! title: String body: String labels: [String] }
        type PullRequest implements Node { id: ID! title: String }
        type Commit { sha: String }
        union SearchResult = Issue | PullRequest
        enum State { OPEN CLOSED }
        enum Field { CREATED UPDATED }
        input Order { field: Field! direction: String }
        input Filter { text: String, limit: Int! }
        scalar Kind
        type Removed { x: Int }
        """

    static let newSchema = """
        directive @cached(ttl: Int, scope: String!) on FIELD
        type Query {
          issue(number: Int, repository: String!): Issue!
          issues(state: State = MERGED, first: Int = 20, orderBy: Order = {field: UPDATED, direction: "asc"}, after: String): [Issue!]
          search: SearchResult
          node: Node
          count: String
        }
        interface Node { id: ID! }
        interface Labeled { labels: [String] }
        type Issue implements Node { id: ID! title: String labels: [String] }
        type PullRequest implements Node & Labeled { id: ID! title: String labels: [String] }
        type Commit { sha: String }
        union SearchResult = PullRequest | Commit
        enum State { OPEN MERGED }
        enum Field { CREATED UPDATED }
        input Order { field: Field! direction: String! since: String }
        input Filter { text: Int, limit: Int, needed: Boolean! }
        enum Kind { A }
        """
}
