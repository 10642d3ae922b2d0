import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation
import Testing

/// `apicore query --paginate` and `--slurp` against the strawberry reference server's `items` connection (250 items).
@Suite("apicore query: --paginate")
struct QueryPaginateTests {
    static let itemsDocument = """
        query Items($endCursor: String) {
          items(first: 20, after: $endCursor) {
            edges { cursor node { id position title } }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    /// The cursor of item `position`, as the server makes it.
    static func cursor(_ position: Int) -> String {
        Data("item:\(position)".utf8).base64EncodedString()
    }

    /// The `position` of every edge of every page, in order.
    static func positions(_ pages: [JSONValue], connection: String = "items") -> [Int64] {
        pages.flatMap { page in
            (page["data"]?[connection]?["edges"]?.arrayValue ?? []).compactMap { $0["node"]?["position"]?.intValue }
        }
    }

    @Test("13 pages of 20, one compact JSON line each, whose edges are the 250 items in order")
    func everyPage() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.itemsDocument, ["--paginate"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let lines = result.lines
        #expect(lines.count == 13)
        let pages = lines.compactMap { try? JSONReader().read($0) }
        #expect(pages.count == 13)
        #expect(Self.positions(pages) == Array(1...250))
        #expect(
            pages.first?["data"]?["items"]?["edges"]?.arrayValue?.first?["node"] == [
                "id": "item-1", "position": 1, "title": "Item 1",
            ])
        #expect(pages.dropLast().allSatisfy { $0["data"]?["items"]?["pageInfo"]?["hasNextPage"] == true })
        #expect(pages.last?["data"]?["items"]?["pageInfo"]?["hasNextPage"] == false)
        #expect(try await fixture.server.stats(key: fixture.key).requests == 13)
        let lastBody = try JSONReader().read(try #require(try await fixture.server.stats(key: fixture.key).lastBody))
        #expect(lastBody["variables"] == ["endCursor": .string(Self.cursor(240))])
    }

    @Test("--slurp prints one JSON array of the 13 responses")
    func slurp() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.itemsDocument, ["--paginate", "--slurp"])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        let pages = try #require(result.json?.arrayValue)
        #expect(pages.count == 13)
        #expect(Self.positions(pages) == Array(1...250))
    }

    @Test("pageInfo through a named fragment in an inline fragment, starting from a given endCursor, integers exact")
    func fragmentsAndStartingCursor() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = """
            query Rest($endCursor: String, $size: Int) {
              user(id: "1") { followerCount }
              list: items(first: $size, after: $endCursor) {
                edges { node { position } }
                ... on ItemConnection { pageInfo { ...Paging } }
              }
            }
            fragment Paging on PageInfo { more: hasNextPage endCursor }
            """
        let variables = #"{"size": 20, "endCursor": "\#(Self.cursor(200))"}"#
        let result = try await fixture.query(document, ["--paginate", "--variables", variables])
        #expect(result.status == 0)
        let pages = result.lines.compactMap { try? JSONReader().read($0) }
        #expect(pages.count == 3)
        #expect(Self.positions(pages, connection: "list") == Array(201...250))
        #expect(result.lines.allSatisfy { $0.contains(#""followerCount":9007199254740993"#) })
        let body = try JSONReader().read(try #require(try await fixture.server.stats(key: fixture.key).lastBody))
        #expect(body["variables"] == ["size": 20, "endCursor": .string(Self.cursor(240))])
    }

    @Test("a document without $endCursor: exit 1 naming the variable, nothing sent")
    func missingCursorVariable() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document =
            "query Items($after: String) { items(first: 20, after: $after) { pageInfo { hasNextPage endCursor } } }"
        let result = try await fixture.query(document, ["--paginate"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error.contains(
                ":1:1: error: --paginate needs the operation 'Items' to declare the variable $endCursor: String"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("$endCursor declared non-null: exit 1, nothing sent")
    func nonNullCursorVariable() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document =
            "query Items($endCursor: String!) "
            + "{ items(first: 20, after: $endCursor) { pageInfo { hasNextPage endCursor } } }"
        let result = try await fixture.query(document, ["--paginate"])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                ":1:13: error: --paginate needs $endCursor declared as String (nullable), not String!"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("no pageInfo { hasNextPage endCursor }: exit 1 saying what is missing, nothing sent")
    func missingPageInfo() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let none = "query Items($endCursor: String) { items(first: 20, after: $endCursor) { totalCount } }"
        let result = try await fixture.query(none, ["--paginate"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error.contains(
                "error: --paginate needs the operation 'Items' to select pageInfo { hasNextPage endCursor } "
                    + "on the connection it pages\n"
            ))

        let noCursor =
            "query Items($endCursor: String) { items(first: 20, after: $endCursor) { pageInfo { hasNextPage } } }"
        let partial = try await fixture.query(noCursor, ["--paginate"])
        #expect(partial.status == 1)
        #expect(partial.error.contains("on the connection it pages ('items.pageInfo' selects no endCursor)"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("pageInfo on two connections is ambiguous: exit 1 naming both, nothing sent")
    func ambiguousConnections() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = """
            query Both($endCursor: String) {
              a: items(first: 5, after: $endCursor) { pageInfo { hasNextPage endCursor } }
              b: items(first: 5) { pageInfo { hasNextPage endCursor } }
            }
            """
        let result = try await fixture.query(document, ["--paginate", "--slurp"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error.contains(
                ":3:24: error: --paginate found pageInfo { hasNextPage endCursor } on 2 connections "
                    + "('a.pageInfo', 'b.pageInfo'); select it on exactly one"
            ))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }

    @Test("an invalid starting cursor: the page's errors are printed, exit 4, no further page")
    func invalidCursor() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(
            Self.itemsDocument, ["--paginate", "--variables", #"{"endCursor": "not-a-cursor"}"#])
        #expect(result.status == 4)
        #expect(result.lines.count == 1)
        let page = try #require(result.json)
        #expect(page["data"] == .null)
        #expect(page["errors"]?.arrayValue?.first?["message"]?.stringValue?.contains("invalid cursor") == true)
        #expect(result.error.hasPrefix("error: --paginate stopped at page 1: 'Items' failed with 1 GraphQL error(s)"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 1)
    }

    @Test("a page with partial data and errors: printed, exit 3, no further page")
    func partialPage() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let document = """
            query Items($endCursor: String) {
              user(id: "1") { secret }
              items(first: 20, after: $endCursor) { edges { cursor } pageInfo { hasNextPage endCursor } }
            }
            """
        let result = try await fixture.query(document, ["--paginate", "--slurp"])
        #expect(result.status == 3)
        let pages = try #require(result.json?.arrayValue)
        #expect(pages.count == 1)
        #expect(pages.first?["errors"]?.arrayValue?.first?["message"] == "secret is classified")
        #expect(result.error == "error: --paginate stopped at page 1: the response has GraphQL errors\n")
        #expect(try await fixture.server.stats(key: fixture.key).requests == 1)
    }

    @Test("hasNextPage true with a null endCursor: exit 5 after the page, no loop")
    func nullEndCursor() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        // An empty page: the server says more items follow but has no edge to give a cursor.
        let document =
            "query Empty($endCursor: String) "
            + "{ items(first: 0, after: $endCursor) { pageInfo { hasNextPage endCursor } } }"
        let result = try await fixture.query(document, ["--paginate"])
        #expect(result.status == 5)
        #expect(result.lines == [#"{"data":{"items":{"pageInfo":{"hasNextPage":true,"endCursor":null}}}}"#])
        #expect(
            result.error.contains("--paginate stopped at page 1: page 1 says hasNextPage is true but its endCursor"))
        #expect(result.error.contains("is null"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 1)
    }

    @Test("hasNextPage true with the same endCursor again: exit 5 after two pages, no loop")
    func repeatedEndCursor() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        // The paged connection ignores $endCursor, as a broken server would: every page is the first one.
        let document = """
            query Stuck($endCursor: String) {
              items(first: 1) { edges { cursor } pageInfo { hasNextPage endCursor } }
              probe: items(first: 0, after: $endCursor) { totalCount }
            }
            """
        let result = try await fixture.query(document, ["--paginate", "--slurp"])
        #expect(result.status == 5)
        let pages = try #require(result.json?.arrayValue)
        #expect(pages.count == 2)
        #expect(pages.allSatisfy { $0["data"]?["items"]?["pageInfo"]?["endCursor"] == .string(Self.cursor(1)) })
        #expect(result.error.contains("page 2 says hasNextPage is true but gives an endCursor already used"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 2)
    }

    @Test("--slurp without --paginate is a usage error")
    func slurpAlone() async throws {
        let fixture = try await QueryFixture.strawberry()
        defer { fixture.removeFiles() }
        let result = try await fixture.query(Self.itemsDocument, ["--slurp"])
        #expect(result.status == 2)
        #expect(result.error.contains("--slurp needs --paginate"))
        #expect(try await fixture.server.stats(key: fixture.key).requests == 0)
    }
}

extension CommandResult {
    /// Standard output's lines, without the final newline.
    var lines: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}
