import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Foundation
import Testing

@Suite("Field policies: pages of a list in one field")
struct FieldPolicyTests {
    /// A store that knows `Query.items` is a Relay connection.
    private static func pagedStore() -> CacheStore {
        CacheStore(keyResolver: CacheKeyResolver(typePolicies: ReferenceSchema.typePolicies))
    }

    private static func write(_ store: CacheStore, _ query: ItemsQuery, _ positions: [Int], total: Int = 250) throws {
        try store.publish(try store.decode(query, data: ItemPages.data(positions, total: total)).records)
    }

    private static func positions(_ store: CacheStore, _ query: ItemsQuery = ItemsQuery(first: 3)) throws -> [Int] {
        try store.read(query).items.edges.map(\.node.position)
    }

    @Test("pages fetched after each other's end cursor read back as one list, in order, under one field")
    func relayPagesAppend() throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(6))), [7, 8, 9])

        let items = try store.read(ItemsQuery(first: 3)).items
        #expect(items.edges.map(\.node.position) == Array(1...9))
        #expect(items.pageInfo.startCursor == ItemPages.cursor(1))
        #expect(items.pageInfo.endCursor == ItemPages.cursor(9))
        #expect(items.pageInfo.hasPreviousPage == false)
        #expect(items.pageInfo.hasNextPage == true)
        // Any page's query reads the whole list: the paging arguments are not part of the field's key.
        #expect(try Self.positions(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3)))) == Array(1...9))
        #expect(try store.record(for: .queryRoot)?.fields.keys.sorted() == ["items"])
    }

    @Test("a server's page joins the stored list, not an optimistic layer's, so a rolled-back layer leaves nothing")
    func serverPageIgnoresOptimisticLayers() throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        // An item added optimistically at the head of the list, as a screen shows a post before the server has it.
        let optimistic = try store.decode(ItemsQuery(first: 3), data: ItemPages.data([99, 1, 2, 3])).records
        let layer = try store.addOptimisticLayer { transaction throws(CacheError) in try transaction.merge(optimistic) }
        #expect(try Self.positions(store) == [99, 1, 2, 3])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        #expect(store.optimisticLayerCount == 1)

        store.removeOptimisticLayer(layer)
        #expect(try Self.positions(store) == Array(1...6), "the optimistic item was stored with the server's page")
    }

    @Test("two modules' policies merged into one resolver keep both; where both set one, the second's wins")
    func mergedPoliciesKeepBoth() throws {
        let users = GraphQLTypePolicies(
            keyFields: ["User": ["login"], "Repo": ["id"]],
            fieldPolicies: ["Query": ["users": GraphQLFieldPolicy(keyArguments: ["role"])]])
        let merged = users.merging(ReferenceSchema.typePolicies)
            .merging(GraphQLTypePolicies(keyFields: ["Repo": ["owner", "name"]]))
        #expect(merged.keyFields(for: "User") == ["login"])
        #expect(merged.keyFields(for: "Repo") == ["owner", "name"])
        #expect(merged.fieldPolicy(for: "Query", field: "users") == GraphQLFieldPolicy(keyArguments: ["role"]))
        #expect(merged.fieldPolicy(for: "Query", field: "items") == .relayConnection())

        // The merged resolver still merges the pages of `Query.items`.
        let store = CacheStore(keyResolver: CacheKeyResolver(typePolicies: merged))
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        #expect(try Self.positions(store) == Array(1...6))
    }

    @Test("without a policy each page is its own field, as before")
    func withoutPolicyPagesStayApart() throws {
        let store = CacheStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        #expect(try Self.positions(store) == [1, 2, 3])
        #expect(try Self.positions(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3)))) == [4, 5, 6])
        #expect(try store.record(for: .queryRoot)?.fields.count == 2)
    }

    @Test("a refetch of the first page starts the list over with the server's first page, no edge twice")
    func firstPageRefetchStartsOver() throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        try store.publish(
            try store.decode(ItemsQuery(first: 3), data: ItemPages.data([1, 2, 3], titles: [2: "Renamed"])).records)

        let items = try store.read(ItemsQuery(first: 3)).items
        #expect(items.edges.map(\.node.position) == [1, 2, 3])
        #expect(items.edges[1].node.title == "Renamed")
        #expect(items.pageInfo.endCursor == ItemPages.cursor(3))
        #expect(items.pageInfo.hasNextPage)
        // Loading on from there appends as before.
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        #expect(try Self.positions(store) == Array(1...6))
        try Self.write(store, ItemsQuery(first: 3), [10, 11, 12])
        #expect(try Self.positions(store) == [10, 11, 12])
    }

    @Test("an object a later page repeats appears once, where the later page has it")
    func duplicatesByCacheKeyDropped() throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        // The server's list moved: item 2 now comes after item 3.
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [2, 4, 5])
        #expect(try Self.positions(store) == [1, 3, 2, 4, 5])
    }

    @Test("a page fetched before the first cursor is prepended, and pageInfo keeps the stored end")
    func relayPagesPrepend() throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(last: 3, before: .some(ItemPages.cursor(7))), [4, 5, 6])
        try Self.write(store, ItemsQuery(last: 3, before: .some(ItemPages.cursor(4))), [1, 2, 3])
        let items = try store.read(ItemsQuery(last: 3)).items
        #expect(items.edges.map(\.node.position) == Array(1...6))
        #expect(items.pageInfo.startCursor == ItemPages.cursor(1))
        #expect(items.pageInfo.hasPreviousPage == false)
        #expect(items.pageInfo.endCursor == ItemPages.cursor(6))
    }

    @Test("a page after a cursor in the middle replaces what followed that cursor")
    func pageAfterMiddleCursorReplacesTail() throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        try Self.write(store, ItemsQuery(first: 2, after: .some(ItemPages.cursor(2))), [3, 4])
        #expect(try Self.positions(store) == [1, 2, 3, 4])
    }

    @Test("a watcher of the first page sees every page as it is loaded")
    func watcherSeesMergedPages() async throws {
        let store = Self.pagedStore()
        try Self.write(store, ItemsQuery(first: 3), [1, 2, 3])
        let watcher = WatchRecorder(store.watch(ItemsQuery(first: 3)))
        await watcher.waitFor(1)
        try Self.write(store, ItemsQuery(first: 3, after: .some(ItemPages.cursor(3))), [4, 5, 6])
        await watcher.waitFor(2)
        #expect(watcher.values.map { $0.items.edges.map(\.node.position) } == [[1, 2, 3], Array(1...6)])
        watcher.cancel()
    }

    @Test("an offset list takes each page at its offset; a kept argument keeps lists apart")
    func offsetPagesAndKeptArguments() throws {
        let store = CacheStore(
            keyResolver: CacheKeyResolver(
                typePolicies: GraphQLTypePolicies(fieldPolicies: [
                    "Query": ["feed": .offsetList(offsetArgument: "offset", keyArguments: ["tag"])]
                ])))
        func write(tag: String, offset: Int, _ positions: [Int], title: String = "") throws {
            let query = FeedQuery(tag: tag, offset: offset, limit: positions.count)
            let items = positions.map { position -> JSONValue in
                .object([
                    "__typename": "Item", "id": .string("item-\(position)"), "title": .string("\(position)\(title)"),
                ])
            }
            try store.publish(try store.decode(query, data: ["feed": .array(items)]).records)
        }
        func titles(tag: String) throws -> [String] {
            try store.read(FeedQuery(tag: tag, offset: 0, limit: 3)).feed.map(\.title)
        }
        try write(tag: "a", offset: 0, [1, 2, 3])
        try write(tag: "a", offset: 3, [4, 5, 6])
        try write(tag: "b", offset: 0, [7])
        try write(tag: "a", offset: 0, [1, 2], title: "'")
        try write(tag: "a", offset: 9, [10])

        #expect(try titles(tag: "a") == ["1'", "2'", "3", "4", "5", "6", "10"])
        #expect(try titles(tag: "b") == ["7"])
        #expect(try store.record(for: .queryRoot)?.fields.keys.sorted() == [#"feed(tag:"a")"#, #"feed(tag:"b")"#])
    }
}

/// `query Feed($tag: String!, $offset: Int!, $limit: Int!) { feed(tag: $tag, offset: $offset, limit: $limit)
/// { __typename id title } }`, against a schema of its own.
private struct FeedQuery: GraphQLQuery {
    static let operationName = "Feed"
    static let document =
        "query Feed($tag: String!, $offset: Int!, $limit: Int!) { feed(tag: $tag, offset: $offset, limit: $limit) "
        + "{ __typename id title } }"

    let tag: String
    let offset: Int
    let limit: Int

    var variables: JSONObject { JSONObject(variables: ["tag": tag, "offset": offset, "limit": limit]) }

    struct Data: GraphQLRootSelectionSet {
        static let __parentType = GraphQLParentType.object("Query")
        static let __selections: [GraphQLSelection] = [
            .field(
                GraphQLField(
                    "feed", .nonNull(.list(.nonNull(.object(Item.self)))),
                    arguments: [
                        ("tag", .variable("tag")), ("offset", .variable("offset")), ("limit", .variable("limit")),
                    ]))
        ]

        let __object: GraphQLCheckedObject

        var feed: [Item] { __field("feed") }

        struct Item: GraphQLSelectionSet {
            static let __parentType = GraphQLParentType.object("Item")
            static let __selections: [GraphQLSelection] = [
                .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
                .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
                .field(GraphQLField("title", .nonNull(.scalar("String")), leaf: String.self)),
            ]

            let __object: GraphQLCheckedObject

            var title: String { __field("title") }
        }
    }
}
