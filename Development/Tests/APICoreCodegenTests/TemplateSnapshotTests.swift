import APICoreCodegen
import Testing

/// The generated Swift for small inputs, compared with snapshot files in `Snapshots/`.
@Suite("Template snapshots")
struct TemplateSnapshotTests {
    static let sdl = """
        "A character of the saga."
        interface Character { id: ID! name: String! friends: [Character] appearsIn: [Episode]! }
        type Human implements Character {
          id: ID! name: String! friends: [Character] appearsIn: [Episode]!
          "Height in meters."
          height(unit: LengthUnit = METER): Float
          mass: Float @deprecated(reason: "Use weight.")
        }
        type Droid implements Character { id: ID! name: String! friends: [Character] appearsIn: [Episode]! primaryFunction: String }
        union SearchResult = Human | Droid
        "The films."
        enum Episode { NEWHOPE EMPIRE JEDI "Unreleased." CLONE_WARS @deprecated(reason: "Never made.") }
        enum LengthUnit { METER FOOT }
        scalar Long
        input ReviewInput { stars: Int! commentary: String favoriteColor: ColorInput }
        input ColorInput { red: Int! green: Int! blue: Int! }
        type Review { stars: Int! commentary: String count: Long }
        type Query { hero(episode: Episode): Character search(text: String!): [SearchResult] }
        type Mutation { createReview(episode: Episode, review: ReviewInput!): Review }
        """

    @Test("a query with a fragment, a type case and a conditional field")
    func query() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query HeroDetails($episode: Episode = JEDI, $withFriends: Boolean!) {
                  hero(episode: $episode) {
                    ...CharacterName
                    friends @include(if: $withFriends) { name }
                    ... on Droid { primaryFunction }
                    ... on Human { height(unit: FOOT) mass }
                  }
                }
                fragment CharacterName on Character { name appearsIn }
                """)
        try GeneratorHarness.assertSnapshot(files, named: "HeroDetailsQuery")
    }

    @Test("a mutation with input objects, custom scalars and internal access")
    func mutation() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                mutation CreateReview($episode: Episode, $review: ReviewInput!) {
                  createReview(episode: $episode, review: $review) { stars commentary count }
                }
                """,
            customScalars: ["Long": "Int64"], accessLevel: .internal)
        try GeneratorHarness.assertSnapshot(files, named: "CreateReviewMutation")
    }

    @Test("a union search with type cases and a deferred part")
    func search() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl
                + "\ndirective @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT",
            operations: """
                query Search($text: String!) {
                  search(text: $text) {
                    ... on Character { id }
                    ... on Human { name }
                    ... on Droid @defer(label: "droidDetails") { primaryFunction }
                  }
                }
                """)
        try GeneratorHarness.assertSnapshot(files, named: "SearchQuery")
    }

    @Test("type policies: an object's own @typePolicy, else its interface's, keyed by concrete type")
    func typePolicies() throws {
        let files = try GeneratorHarness.generate(
            sdl: """
                interface Node @typePolicy(keyFields: "id") { id: ID! }
                type User implements Node { id: ID! login: String! }
                type Repository implements Node @typePolicy(keyFields: "owner name") { id: ID! owner: User! name: String! }
                type License { name: String! }
                type Query { node(id: ID!): Node license: License }
                """,
            operations: "query Node { node(id: \"1\") { id } license { name } }")
        try GeneratorHarness.assertSnapshot(files, named: "TypePolicies")
        let namespace = GeneratorHarness.file("Schema/TestAPI.graphql.swift", in: files)
        #expect(namespace.contains("\"Repository\": [\"owner\", \"name\"],\n    \"User\": [\"id\"],\n  ])"))
        #expect(!namespace.contains("\"License\": ["))
    }
}
