import APICoreTestSupport
import Testing

@testable import APICoreCompiler

/// Each SDL file and introspection result of the same schema build the same model (see ``SchemaComparer`` for what is
/// compared, and why applied directives and built-in descriptions are not).
@Suite(.cpuBound) struct SchemaPairTests {
    /// The pairs, and whether they are compared strictly. octokit printed the 2021-10-01 SDL with arguments, input
    /// fields and enum values sorted by name and long descriptions wrapped over several lines, while the
    /// introspection JSON of the same day keeps GitHub's declaration order and one-line descriptions; so for that pair
    /// member order is not compared and descriptions are compared with white space collapsed.
    ///
    /// The Star Wars JSON comes from a graphql-js of before 2021, whose `@deprecated` applied to FIELD_DEFINITION and
    /// ENUM_VALUE only; its SDL does not declare `@deprecated`, so it gets today's built-in (also on arguments and input
    /// fields). That directive definition is left out of the Star Wars comparison; the deprecations themselves are
    /// compared.
    static let pairs: [(sdl: String, introspection: String, strict: Bool, ignoredDirectives: Set<String>)] = [
        ("github/schema.graphqls", "github/schema-introspection.json", true, []),
        ("github/schema-2021-10-01.graphqls", "github/schema-2021-10-01.json", false, []),
        ("starwars/schema.graphqls", "starwars/schema.json", true, ["deprecated"]),
        ("shopify/storefront.graphqls", "shopify/storefront.schema.json", true, []),
    ]

    @Test(arguments: pairs)
    func sdlAndIntrospectionDescribeTheSameSchema(
        _ pair: (sdl: String, introspection: String, strict: Bool, ignoredDirectives: Set<String>)
    )
        throws
    {
        let fromSDL = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath(pair.sdl)])
        let fromIntrospection = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath(pair.introspection)])
        var comparer = SchemaComparer()
        comparer.comparesMemberOrder = pair.strict
        comparer.collapsesDescriptionWhitespace = !pair.strict
        comparer.ignoredDirectives = pair.ignoredDirectives
        #expect(comparer.firstDifference(fromSDL, fromIntrospection) == nil)
    }

    @Test func the2021GitHubSchemaDiffersInMemberOrderAndDescriptionLayout() throws {
        let fromSDL = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath("github/schema-2021-10-01.graphqls")])
        let fromIntrospection = try GraphQLSchema.load(
            paths: [SchemaTestSupport.corpusPath("github/schema-2021-10-01.json")])
        var comparer = SchemaComparer()
        #expect(comparer.firstDifference(fromSDL, fromIntrospection)?.contains(": order [") == true)
        comparer.comparesMemberOrder = false
        #expect(comparer.firstDifference(fromSDL, fromIntrospection)?.contains(".description: ") == true)
    }

    @Test func theComparerFindsADifferenceWithItsPath() throws {
        let left = try SchemaTestSupport.build("type Query { a(x: Int = 1): Int }")
        let right = try SchemaTestSupport.build("type Query { a(x: Int = 2): Int }")
        #expect(
            SchemaComparer().firstDifference(left, right) == "types[Query].fields[a].arguments[x].defaultValue: 1 vs 2")
        let described = try SchemaTestSupport.build("type Query { \"A.\" a(x: Int = 1): Int }")
        #expect(
            SchemaComparer().firstDifference(left, described)
                == "types[Query].fields[a].description: nil vs Optional(\"A.\")")
        #expect(SchemaComparer().firstDifference(left, left) == nil)
    }
}
