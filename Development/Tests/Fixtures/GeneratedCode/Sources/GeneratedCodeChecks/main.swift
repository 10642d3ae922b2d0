import APICoreGraphQL
import APICoreJSON
import Foundation
import GitHubApollo

// Decodes a real GitHub response through the generated types and prints one line per issue and comment, so the
// test that runs this can compare them with the JSON: `issue<TAB>title<TAB>login` and `comment<TAB>login<TAB>body`.
let path = CommandLine.arguments[1]
let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
guard case .object(let body) = try JSONReader().read(bytes), case .object(let data)? = body["data"] else {
    fatalError("no data in \(path)")
}
let decoded = try IssuesAndCommentsForRepositoryQuery.Data(data: data)
var output = ""
for issue in decoded.repository?.issues.nodes ?? [] {
    guard let issue else { continue }
    output += "issue\t\(issue.title)\t\(issue.author?.login ?? "")\n"
    for comment in issue.comments.nodes ?? [] {
        guard let comment else { continue }
        output += "comment\t\(comment.author?.fragments.authorDetails.login ?? "")\t\(comment.body.count)\n"
    }
}
print(output, terminator: "")
