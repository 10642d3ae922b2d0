import APICoreCache
import APICoreDynamic
import APICoreKit
import APICoreTestSupport
import APICoreTesting
import Foundation
import GitHawkMocksFixture
import Testing

/// Operations compiled at run time, stubbed and recorded by a `MockGraphQLClient` as generated types are.
@Suite("MockGraphQLClient, operations compiled at run time")
struct MockGraphQLClientDynamicTests {
    static let reference = ReferenceSchema.runtime

    static let userDocument = "query UserName($id: ID!) { user(id: $id) { id name } }"

    static func mock(cache: CacheStore? = nil) -> MockGraphQLClient {
        MockGraphQLClient { configuration in
            configuration.schema = reference
            configuration.cache = cache
        }
    }

    @Test("a document's stub answers it through the real pipeline, its variables are recorded, and the cache keeps it")
    func stubAnswersADocument() async throws {
        let mock = Self.mock(cache: CacheStore())
        let compiled = try mock.client.compile(document: Self.userDocument)
        mock.stub(compiled, data: ["user": ["__typename": "User", "id": "1", "name": "Ada"]])

        let answer = try await mock.client.execute(document: Self.userDocument, variables: ["id": "1"])
        #expect(answer.value["user"]?.objectValue?["name"] == "Ada")
        #expect(answer.metadata.operationName == "UserName")
        #expect(mock.performed(compiled) == [["id": "1"]])
        #expect(mock.performedOperations.first?.document == compiled.document)

        // Cached under the generated keys: a cache-only fetch answers without another request.
        var cached: [JSONObject] = []
        for try await response in mock.client.fetch(
            document: Self.userDocument, variables: ["id": "1"], cachePolicy: .cacheOnly)
        {
            cached.append(response.value)
        }
        #expect(cached.map { $0["user"]?.objectValue?["name"] } == ["Ada"])
        #expect(mock.performed(compiled).count == 1)
    }

    @Test("a stub whose data does not fit the document fails the call with a decoding error at the field")
    func stubThatDoesNotFit() async throws {
        let mock = Self.mock()
        let compiled = try mock.client.compile(document: Self.userDocument)
        mock.stub(compiled, data: ["user": ["__typename": "User", "id": "1", "name": 7]])
        await #expect {
            try await mock.client.execute(document: Self.userDocument, variables: ["id": "1"])
        } throws: { error in
            guard let error = error as? APIError else { return false }
            return error.code == .decoding && error.responsePath == ["user", "name"]
        }
    }

    @Test("errors, statuses and network failures stubbed for a compiled operation reach the caller typed")
    func failures() async throws {
        let mock = Self.mock()
        let compiled = try mock.client.compile(document: Self.userDocument)
        mock.stub(compiled, .graphQLErrors([GraphQLError(message: "no such user")]))
        await #expect {
            try await mock.client.execute(document: Self.userDocument, variables: ["id": "2"])
        } throws: { error in
            (error as? APIError)?.graphQLErrors.map(\.message) == ["no such user"]
        }
        mock.stub(compiled, .status(503))
        await #expect {
            try await mock.client.execute(document: Self.userDocument, variables: ["id": "2"])
        } throws: { error in
            (error as? APIError)?.statusCode == 503
        }
        mock.stub(compiled, .error(.network))
        await #expect {
            try await mock.client.execute(document: Self.userDocument, variables: ["id": "2"])
        } throws: { error in
            (error as? APIError)?.code == .network
        }
        #expect(mock.performed(compiled).count == 3)
    }

    @Test("a compiled operation's stub built from generated test mocks fills what the document selects")
    func stubFromTestMocks() async throws {
        let introspection = try Data(contentsOf: CorpusFiles.url("github/operations/githawk/schema-2020.json"))
        let schema = try GraphQLRuntimeSchema(introspection: introspection)
        let mock = MockGraphQLClient { $0.schema = schema }
        let document = """
            query Title($owner: String!, $repo: String!, $number: Int!, $withAuthor: Boolean = true) {
              repository(owner: $owner, name: $repo) {
                name
                issueOrPullRequest(number: $number) { ... on Issue { title author @include(if: $withAuthor) { login } } }
              }
            }
            """
        let compiled = try mock.client.compile(document: document)
        typealias Mocks = GitHawkAPIMocks
        let issue = Mocks.Issue(author: Mocks.User(login: "octocat"), title: "Crash on launch")
        mock.stub(compiled, mock: Mocks.Query(repository: Mocks.Repository(issueOrPullRequest: issue, name: "GitHawk")))

        let variables: JSONObject = ["owner": "GitHawkApp", "repo": "GitHawk", "number": 1347]
        let data = try await mock.client.execute(document: document, variables: variables).value
        let repository = data["repository"]?.objectValue
        let found = repository?["issueOrPullRequest"]?.objectValue
        #expect(repository?["name"] == "GitHawk")
        #expect(found?["__typename"] == "Issue")
        #expect(found?["title"] == "Crash on launch")
        #expect(found?["author"]?.objectValue?["login"] == "octocat")
    }
}
