import APICoreCache
import APICoreDynamic
import APICoreGraphQL
import APICoreJSON
import Testing

/// A named fragment spread more than once under different `@include`/`@skip` conditions is selected when any of its
/// spreads is, as GraphQL's field collection says: decoded, stored and read back so.
@Suite("Fragments under several conditions")
struct FragmentConditionsTests {
    static let sdl = """
        type Query { hero: Hero }
        type Hero { id: ID! name: String! rank: Int! }
        """

    @Test("...F @include(if: $a) ...F @include(if: $b): every combination but neither reads back what was sent")
    func eitherCondition() throws {
        let schema = try GraphQLRuntimeSchema(sdl: Self.sdl)
        let compiled = try schema.compile(
            document: """
                query Q($a: Boolean!, $b: Boolean!) { hero { rank ...F @include(if: $a) ...F @include(if: $b) } }
                fragment F on Hero { name }
                """)
        for (a, b) in [(true, true), (false, false), (false, true), (true, false)] {
            let selected = a || b
            let query = GraphQLDynamicQuery(compiled, variables: ["a": .bool(a), "b": .bool(b)])
            var hero: JSONObject = ["__typename": "Hero", "id": "1", "rank": 3]
            if selected { hero["name"] = "Luke" }
            let store = CacheStore(keyResolver: CacheKeyResolver(typePolicies: schema.typePolicies))
            let decoded = try store.decode(query, data: ["hero": .object(hero)])
            try store.publish(decoded.records)
            let read = try store.read(query)
            #expect(read.object == decoded.data.object, "a \(a), b \(b)")
            #expect(read.object["hero"]?["name"] == (selected ? "Luke" : nil), "a \(a), b \(b)")
        }
    }
}
