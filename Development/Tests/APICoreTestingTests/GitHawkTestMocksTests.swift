import APICoreKit
import APICoreTestMocks
import APICoreTesting
import Foundation
import GitHawkFixture
import GitHawkMocksFixture
import Testing

/// GitHawk's generated test mocks (`Tests/Fixtures/GeneratedCode/Sources/GitHawkMocks`): an issue with comments built
/// from the builders, served by `InMemoryTransport` to a real `APIClient` and read back through the generated types.
@Suite("GitHawk test mocks")
struct GitHawkTestMocksTests {
    typealias Mocks = GitHawkAPIMocks

    /// An issue by octocat with two comments, by hubot and by octocat.
    static func issue() -> Mocks.Issue {
        Mocks.Issue(
            author: Mocks.User(login: "octocat"),
            body: "It crashes on launch.",
            number: 1347,
            timeline: Mocks.IssueTimelineConnection(nodes: [
                Mocks.IssueComment(author: Mocks.Bot(login: "hubot"), body: "Can you share a stack trace?"),
                Mocks.IssueComment(author: Mocks.User(login: "octocat"), body: "Attached."),
            ]),
            title: "Crash on launch")
    }

    static func query(_ issue: Mocks.Issue) -> Mocks.Query {
        Mocks.Query(repository: Mocks.Repository(issueOrPullRequest: issue, name: "GitHawk"))
    }

    static let operation = IssueOrPullRequestQuery(owner: "GitHawkApp", repo: "GitHawk", number: 1347, page_size: 30)

    @Test("an issue with comments built from the builders is served over InMemoryTransport and read back typed")
    func issueWithComments() async throws {
        let transport = InMemoryTransport()
        transport.stub(Self.operation, mock: Self.query(Self.issue()))
        let client = APIClient(
            configuration: APIClientConfiguration(graphQLEndpoint: MockGraphQLClient.endpoint, transport: transport))

        let data = try await client.execute(Self.operation).value
        let repository = try #require(data.repository)
        #expect(repository.name == "GitHawk")
        let issue = try #require(repository.issueOrPullRequest?.asIssue)
        #expect(issue.title == "Crash on launch")
        #expect(issue.number == 1347)
        #expect(issue.body == "It crashes on launch.")
        #expect(issue.author?.login == "octocat")
        let comments = (issue.timeline.nodes ?? []).compactMap { $0?.asIssueComment }
        #expect(comments.map(\.body) == ["Can you share a stack trace?", "Attached."])
        #expect(comments.map { $0.author?.login } == ["hubot", "octocat"])
        #expect(comments.map { $0.author?.__typename } == ["Bot", "User"])
        #expect(transport.graphQLRequests.map(\.operationName) == ["IssueOrPullRequest"])
    }

    @Test("fields left unset get placeholders: ids counted per type, empty strings, false, zero, first enum value")
    func placeholders() throws {
        var built = Self.issue()
        built.reactionGroups = [Mocks.ReactionGroup()]
        let data = try Self.query(built).data(for: Self.operation)
        let issue = try #require(data.repository?.issueOrPullRequest?.asIssue)
        #expect(issue.id == "Issue:1")
        let comments = (issue.timeline.nodes ?? []).compactMap { $0?.asIssueComment }
        #expect(comments.map(\.id) == ["IssueComment:1", "IssueComment:2"])
        #expect(comments.map(\.createdAt) == ["", ""])
        #expect(comments.map(\.viewerDidAuthor) == [false, false])
        #expect(comments.allSatisfy { $0.editor == nil && $0.lastEditedAt == nil })
        #expect(data.repository?.hasIssuesEnabled == false)
        #expect(data.repository?.mentionableUsers.nodes == nil)
        let reactions = issue.fragments.reactionFields.reactionGroups ?? []
        #expect(reactions.map(\.content.rawValue) == [GitHawkAPI.ReactionContent.allCases[0].rawValue])
        #expect(reactions.map(\.users.totalCount) == [0])
        // A non-null object left unset is an object of placeholders.
        #expect(issue.timeline.pageInfo.fragments.headPaging.hasPreviousPage == false)
    }

    @Test("the same builders always encode to the same response")
    func deterministic() {
        let first = Self.query(Self.issue()).responseData(for: Self.operation)
        let second = Self.query(Self.issue()).responseData(for: Self.operation)
        #expect(first == second)
        #expect(first["repository"]?["issueOrPullRequest"]?["__typename"] == "Issue")
    }

    @Test("a builder's typed properties read back what was set, and setting nil unsets a field")
    func properties() {
        var issue = Self.issue()
        #expect(issue.title == "Crash on launch")
        #expect((issue.author as? Mocks.User)?.login == "octocat")
        #expect(issue.timeline?.nodes?.count == 2)
        issue.title = nil
        #expect(issue.title == nil)
        let data = Self.query(issue).responseData(for: Self.operation)
        #expect(data["repository"]?["issueOrPullRequest"]?["title"] == "")
    }

    @Test("MockGraphQLClient stubs an operation with a builder")
    func mockGraphQLClient() async throws {
        let mock = MockGraphQLClient()
        mock.stub(IssueOrPullRequestQuery.self, mock: Self.query(Self.issue()))
        let data = try await mock.client.execute(Self.operation).value
        #expect(data.repository?.issueOrPullRequest?.asIssue?.title == "Crash on launch")
        #expect(mock.performed(IssueOrPullRequestQuery.self).count == 1)
    }
}
