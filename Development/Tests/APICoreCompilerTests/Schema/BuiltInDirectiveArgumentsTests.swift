import APICoreCompiler
import Testing

/// `@deprecated(reason:)` and `@specifiedBy(url:)` are read with their built-in definitions, as graphql-js reads them,
/// whatever the schema declares: a value those definitions reject is an error in every build.
@Suite struct BuiltInDirectiveArgumentsTests {
    private static let strict = SchemaBuildOptions(isStrict: true)

    @Test func redefinitionsDoNotChangeHowTheArgumentsAreRead() {
        let sdl = """
            directive @deprecated(reason: Int) on FIELD_DEFINITION
            directive @specifiedBy on SCALAR
            scalar Date @specifiedBy
            type Query { a: Int @deprecated(reason: 1) b: Date }
            """
        let expected = [
            "3:13: @specifiedBy needs its argument \"url\": graphql-js reads @specifiedBy with its built-in "
                + "definition, \"@specifiedBy(url: String!)\", whatever the schema declares. Give the URL of the "
                + "scalar's specification as a string.",
            "4:41: The reason of @deprecated must be a string, found 1: graphql-js reads @deprecated with its built-in "
                + "definition, \"@deprecated(reason: String)\", whatever the schema declares. Write the reason as a "
                + "string.",
        ]
        #expect(SchemaTestSupport.errors(sdl) == expected)
        #expect(SchemaTestSupport.errors(sdl, options: Self.strict) == expected)
    }

    @Test func wrongValuesOfTheBuiltInDefinitionsAreErrors() {
        let sdl = """
            scalar Date @specifiedBy(url: null)
            type Query { a(x: Int @deprecated(reason: SOON)): Date }
            """
        #expect(
            SchemaTestSupport.errors(sdl).map { String($0.prefix(60)) } == [
                "1:31: The url of @specifiedBy must be a string, found null: ",
                "2:43: The reason of @deprecated must be a string, found SOON",
            ])
        #expect(SchemaTestSupport.errors(sdl, options: Self.strict).count == 2)
    }

    @Test func aNullReasonIsNotADeprecation() throws {
        let sdl = "type Query { a(x: Int! @deprecated(reason: null)): Int }"
        let schema = try SchemaTestSupport.build(sdl)
        let argument = try #require(schema.type(named: "Query")?.field(named: "a")?.argument(named: "x"))
        #expect(argument.deprecationReason == nil)
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "1:24: @deprecated(reason: null) does not deprecate anything: graphql-js reads a null reason as not "
                    + "deprecated, and so does this build. Remove the directive or give a reason, or build with "
                    + "--strict to read it as deprecated."
            ])
        #expect(
            SchemaTestSupport.errors(sdl, options: Self.strict) == [
                "1:16: Required argument \"Query.a(x:)\" cannot be deprecated: callers must still give it. Make it "
                    + "nullable or give it a default value, or remove @deprecated."
            ])
    }

    @Test func specifiedByOnAnExtensionOrABuiltInScalarIsNotRead() throws {
        let sdl = """
            type Query { a: Date b: String }
            scalar Date
            extend scalar Date @specifiedBy(url: 1)
            scalar String @specifiedBy(url: 2)
            """
        let schema = try SchemaTestSupport.build(sdl)
        let tail =
            "graphql-js does not read @specifiedBy on an extension or on a built-in scalar, so it builds the "
            + "schema; give the URL as a string, or build with --strict to make it an error."
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "3:38: The url of @specifiedBy must be a string, found 1. \(tail)",
                "4:33: The url of @specifiedBy must be a string, found 2. \(tail)",
            ])
        #expect(SchemaTestSupport.errors(sdl, options: Self.strict).count == 2)
    }
}
