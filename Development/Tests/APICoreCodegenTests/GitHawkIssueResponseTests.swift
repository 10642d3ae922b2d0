import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

/// `corpus/github/responses/githawk-Issue.json`, a real response GitHawk received, decodes through types generated
/// from GitHawk's schema (`GeneratedGitHawkIssue/`, from `Tests/Fixtures/CodegenInputs/GitHawkIssue/Issue.graphql`),
/// and every field read through them equals the JSON's (read here with Foundation, independently of the decoder).
@Suite("GitHawk issue response", .cpuBound)
struct GitHawkIssueResponseTests {
    static let path = CorpusSet.root + "/../../shared/corpus/github/responses/githawk-Issue.json"

    @Test("every selected field of the issue equals the JSON's")
    func issueFieldsEqualTheJSON() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        let body = try #require(try JSONReader().read(bytes).objectValue)
        let data = try IssueQuery.Data(data: try #require(body["data"]?.objectValue))

        let json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let jsonRepository = try #require((json["data"] as? [String: Any])?["repository"] as? [String: Any])
        let jsonIssue = try #require(jsonRepository["issue"] as? [String: Any])
        let repository = try #require(data.repository)
        let issue = try #require(repository.issue)

        #expect(repository.id == jsonRepository["id"] as? String)
        #expect(repository.name == jsonRepository["name"] as? String)
        let jsonAuthor = jsonIssue["author"] as? [String: Any]
        #expect(issue.author?.login == jsonAuthor?["login"] as? String)
        #expect(issue.author?.avatarUrl == jsonAuthor?["avatarUrl"] as? String)
        #expect(issue.body == jsonIssue["body"] as? String)
        #expect(issue.closed == jsonIssue["closed"] as? Bool)
        #expect(issue.createdAt == jsonIssue["createdAt"] as? String)
        #expect(issue.editor?.login == (jsonIssue["editor"] as? [String: Any])?["login"] as? String)
        #expect(issue.id == jsonIssue["id"] as? String)
        #expect(issue.locked == jsonIssue["locked"] as? Bool)
        #expect(issue.number == jsonIssue["number"] as? Int)
        #expect(issue.title == jsonIssue["title"] as? String)
        #expect(issue.viewerCanReact == jsonIssue["viewerCanReact"] as? Bool)
        #expect(issue.viewerCanUpdate == jsonIssue["viewerCanUpdate"] as? Bool)
        #expect(issue.viewerDidAuthor == jsonIssue["viewerDidAuthor"] as? Bool)

        let jsonLabels = (jsonIssue["labels"] as? [String: Any])?["nodes"] as? [[String: Any]] ?? []
        let labels = issue.labels?.nodes?.compactMap { $0 } ?? []
        #expect(!labels.isEmpty)
        #expect(labels.map(\.name) == jsonLabels.compactMap { $0["name"] as? String })
        #expect(labels.map(\.color) == jsonLabels.compactMap { $0["color"] as? String })

        let jsonReactions = jsonIssue["reactionGroups"] as? [[String: Any]] ?? []
        let reactions = issue.reactionGroups ?? []
        #expect(reactions.count == jsonReactions.count)
        #expect(reactions.map(\.content.rawValue) == jsonReactions.compactMap { $0["content"] as? String })
        #expect(reactions.allSatisfy { $0.content.value != nil })
        #expect(
            reactions.map(\.users.totalCount)
                == jsonReactions.compactMap { ($0["users"] as? [String: Any])?["totalCount"] as? Int })
        #expect(reactions.map(\.viewerHasReacted) == jsonReactions.compactMap { $0["viewerHasReacted"] as? Bool })
    }
}
