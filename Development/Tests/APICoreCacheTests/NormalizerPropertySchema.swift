import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Testing

// MARK: - The test schema's selection sets

extension GraphQLSelection {
    fileprivate static func leaf(
        _ name: String, alias: String? = nil, _ type: GraphQLOutputType, _ swiftType: any GraphQLLeafValue.Type,
        arguments: [(name: String, value: GraphQLArgumentValue)] = []
    ) -> GraphQLSelection {
        .field(GraphQLField(name, alias: alias, type, arguments: arguments, leaf: swiftType))
    }

    fileprivate static func object(
        _ name: String, alias: String? = nil, _ type: GraphQLOutputType,
        arguments: [(name: String, value: GraphQLArgumentValue)] = []
    ) -> GraphQLSelection {
        .field(GraphQLField(name, alias: alias, type, arguments: arguments))
    }

    fileprivate static let typename = GraphQLSelection.field(GraphQLField("__typename", .nonNull(.scalar("String"))))
    fileprivate static let id = leaf("id", .nonNull(.scalar("ID")), String.self)
    fileprivate static let nullableID = leaf("id", .scalar("ID"), String?.self)
    fileprivate static let name = leaf("name", .nonNull(.scalar("String")), String.self)
    fileprivate static let title = leaf("title", .nonNull(.scalar("String")), String.self)
}

/// ```graphql
/// interface Node { id: ID!, name: String!, best: Node, rank(by: String): Int }
/// type User implements Node { age: Int, tags: [Tag!]!, pets: [[Item]] ... }
/// type Bot implements Node { model: String, owner: User ... }
/// type Tag { id: ID!, label: String! }          # always keyed, by its static type: never selects __typename
/// type Item { id: ID, title: String!, part: Part }  # keyed when its id is not null
/// type Part { size: Int, note: String }          # never keyed
/// type Viewer { part: Part!, recent: [Item] }     # never keyed
/// union Result = User | Bot | Item
/// type Query { hero: Node, items(first: Int, after: String): [Item]!, grid(size: Int): [[Item]],
///              search(term: String): [Result!]!, tags: [Tag!]!, viewer: Viewer }
/// ```
enum PropertySchema {
    static let query = GraphQLParentType.object("Query")
    static let node = GraphQLParentType.interface("Node", possibleTypes: ["User", "Bot"])
    static let result = GraphQLParentType.union("Result", possibleTypes: ["User", "Bot", "Item"])

    struct PropertyQuery: GraphQLQuery {
        typealias Data = Root
        static let operationName = "NormalizerProperty"
        static let document = "query NormalizerProperty { ... }"
        let variables: JSONObject
    }

    /// ```graphql
    /// { hero { ...Hero } first: items(first: 2) { id title } more: items(first: $n, after: $cursor) { id title part }
    ///   grid(size: 2) { id title part } search(term: "a") { ... } tags @include(if: $withTags) { id label }
    ///   viewer { part recent } ...RootExtras ...RootMore @skip(if: $withTags) }
    /// ```
    struct Root: GraphQLRootSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("hero", .object(Hero.self)),
            .object(
                "items", alias: "first", .nonNull(.list(.object(ItemBrief.self))), arguments: [("first", .literal(2))]),
            .object(
                "items", alias: "more", .nonNull(.list(.object(ItemFull.self))),
                arguments: [("first", .variable("n")), ("after", .variable("cursor"))]),
            .object("grid", .list(.list(.object(ItemFull.self))), arguments: [("size", .literal(2))]),
            .object(
                "search", .nonNull(.list(.nonNull(.object(SearchResult.self)))), arguments: [("term", .literal("a"))]),
            .conditional(.include("withTags"), [.object("tags", .nonNull(.list(.nonNull(.object(TagFields.self)))))]),
            .object("viewer", .object(Viewer.self)),
            .fragment(RootExtras.self),
            .conditional(.skip("withTags"), [.fragment(RootMore.self)]),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `fragment RootExtras on Query { hero { __typename id rank(by: $term) } viewer { part { note } } }`
    struct RootExtras: GraphQLSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("hero", .object(NodeRank.self)), .object("viewer", .object(ViewerNote.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `fragment RootMore on Query { viewer { part { size } recent { id title } } found: search(term: "b") { ... } }`
    struct RootMore: GraphQLSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("viewer", .object(Viewer.self)),
            .object(
                "search", alias: "found", .nonNull(.list(.nonNull(.object(SearchResult.self)))),
                arguments: [("term", .literal("b"))]),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `hero { __typename id name best { __typename id } ...NodeDetails ... on User { ... } ... on Bot { ... } }`
    struct Hero: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .name, .object("best", .object(NodeID.self)), .fragment(NodeDetails.self),
            .inlineFragment(HeroAsUser.self), .inlineFragment(HeroAsBot.self),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `fragment NodeDetails on Node { name top: rank(by: "top") low: rank(by: "low") best { id rank(by: $term) }
    /// ...NodeRank }`: a fragment within a fragment.
    struct NodeDetails: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .name, .fragment(NodeRank.self),
            .leaf("rank", alias: "top", .scalar("Int"), Int?.self, arguments: [("by", .literal("top"))]),
            .leaf("rank", alias: "low", .scalar("Int"), Int?.self, arguments: [("by", .literal("low"))]),
            .object("best", .object(NodeRank.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `... on User { age best { __typename id name ... on Bot { model } } tags { id label } pets { id title part } }`:
    /// `best` again, with another selection.
    struct HeroAsUser: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [
            .typename, .leaf("age", .scalar("Int"), Int?.self), .object("best", .object(NodeNamed.self)),
            .object("tags", .nonNull(.list(.nonNull(.object(TagFields.self))))),
            .object("pets", .list(.list(.object(ItemFull.self)))),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `... on Bot { model owner { __typename id name } }`
    struct HeroAsBot: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Bot")
        static let __selections: [GraphQLSelection] = [
            .typename, .leaf("model", .scalar("String"), String?.self), .object("owner", .object(Owner.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    struct Owner: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [.typename, .id, .name]
        let __object: GraphQLCheckedObject
    }

    struct NodeID: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [.typename, .id]
        let __object: GraphQLCheckedObject
    }

    struct NodeRank: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .leaf("rank", .scalar("Int"), Int?.self, arguments: [("by", .variable("term"))]),
        ]
        let __object: GraphQLCheckedObject
    }

    struct NodeNamed: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .name, .object("best", .object(NodeID.self)), .inlineFragment(BotModel.self),
        ]
        let __object: GraphQLCheckedObject
    }

    struct BotModel: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Bot")
        static let __selections: [GraphQLSelection] = [.typename, .leaf("model", .scalar("String"), String?.self)]
        let __object: GraphQLCheckedObject
    }

    /// `search(term: "a") { __typename ... on Node { id name best { id } } ... on Item { id title }
    /// ... on User { age best { id name ... } } }`: list elements entered again after their children.
    struct SearchResult: GraphQLSelectionSet {
        static let __parentType = result
        static let __selections: [GraphQLSelection] = [
            .typename, .inlineFragment(SearchNode.self), .inlineFragment(SearchItem.self),
            .inlineFragment(SearchUser.self),
        ]
        let __object: GraphQLCheckedObject
    }

    struct SearchNode: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [.typename, .id, .name, .object("best", .object(NodeID.self))]
        let __object: GraphQLCheckedObject
    }

    struct SearchItem: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections: [GraphQLSelection] = [.typename, .nullableID, .title]
        let __object: GraphQLCheckedObject
    }

    struct SearchUser: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("User")
        static let __selections: [GraphQLSelection] = [
            .typename, .leaf("age", .scalar("Int"), Int?.self), .object("best", .object(NodeNamed.self)),
        ]
        let __object: GraphQLCheckedObject
    }

    struct TagFields: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Tag")
        static let __selections: [GraphQLSelection] = [.id, .leaf("label", .nonNull(.scalar("String")), String.self)]
        let __object: GraphQLCheckedObject
    }

    struct ItemBrief: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections: [GraphQLSelection] = [.nullableID, .title]
        let __object: GraphQLCheckedObject
    }

    struct ItemFull: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Item")
        static let __selections: [GraphQLSelection] = [.nullableID, .title, .object("part", .object(PartSize.self))]
        let __object: GraphQLCheckedObject
    }

    struct PartSize: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Part")
        static let __selections: [GraphQLSelection] = [.leaf("size", .scalar("Int"), Int?.self)]
        let __object: GraphQLCheckedObject
    }

    struct PartNote: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Part")
        static let __selections: [GraphQLSelection] = [.leaf("note", .scalar("String"), String?.self)]
        let __object: GraphQLCheckedObject
    }

    struct Viewer: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Viewer")
        static let __selections: [GraphQLSelection] = [
            .object("part", .nonNull(.object(PartSize.self))), .object("recent", .list(.object(ItemBrief.self))),
        ]
        let __object: GraphQLCheckedObject
    }

    struct ViewerNote: GraphQLSelectionSet {
        static let __parentType = GraphQLParentType.object("Viewer")
        static let __selections: [GraphQLSelection] = [.object("part", .nonNull(.object(PartNote.self)))]
        let __object: GraphQLCheckedObject
    }
}

// MARK: - A second shape of the query

extension PropertySchema {
    /// ```graphql
    /// { hero { ... } first: items(first: 2) { id title } grid(size: $n) { id title part }
    ///   tags @include(if: $withTags) { id label } ...RootExtras ...RootMore }
    /// ```
    /// The grid sized by a variable, both fragments spread unconditionally, and a type case under `@include`.
    struct VariantRoot: GraphQLRootSelectionSet {
        static let __parentType = query
        static let __selections: [GraphQLSelection] = [
            .object("hero", .object(VariantHero.self)),
            .object(
                "items", alias: "first", .nonNull(.list(.object(ItemBrief.self))), arguments: [("first", .literal(2))]),
            .object("grid", .list(.list(.object(ItemFull.self))), arguments: [("size", .variable("n"))]),
            .conditional(.include("withTags"), [.object("tags", .nonNull(.list(.nonNull(.object(TagFields.self)))))]),
            .fragment(RootExtras.self),
            .fragment(RootMore.self),
        ]
        let __object: GraphQLCheckedObject
    }

    /// `hero { __typename id name best { __typename id } ...NodeDetails ... on User { ... }
    /// ... on Bot @include(if: $withTags) { ... } }`
    struct VariantHero: GraphQLSelectionSet {
        static let __parentType = node
        static let __selections: [GraphQLSelection] = [
            .typename, .id, .name, .object("best", .object(NodeID.self)), .fragment(NodeDetails.self),
            .inlineFragment(HeroAsUser.self),
            .conditional(.include("withTags"), [.inlineFragment(HeroAsBot.self)]),
        ]
        let __object: GraphQLCheckedObject
    }
}
