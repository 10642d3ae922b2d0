import APICoreCompiler
import Testing

/// SDL that graphql-js 16 builds although the specification's rules reject it: built by default, as graphql-js builds
/// it, with a located warning; a strict build reports an error. And SDL that graphql-js rejects although it looks like
/// one of those: rejected in both builds.
@Suite struct SchemaToleranceSDLTests {
    private static let strict = SchemaBuildOptions(isStrict: true)

    /// The warnings of a lenient build, as `line:column: message` (a failure is recorded when it throws).
    private static func warnings(_ sdl: String) -> [String] {
        do {
            return try SchemaTestSupport.build(sdl).warnings.map(SchemaTestSupport.summary)
        } catch {
            Issue.record("the lenient build failed: \(error)")
            return []
        }
    }

    @Test func valuesOfUserDirectiveArgumentsAreNotChecked() {
        let sdl = """
            directive @label(name: String, level: Int!) on FIELD_DEFINITION
            type Query { a: Int @label(name: 1, level: "high") b: Int @label(level: null) }
            """
        #expect(
            Self.warnings(sdl) == [
                "2:34: Invalid value for argument \"name\" of \"@label\": expected a value of type \"String\", "
                    + "found 1. graphql-js builds the schema without checking it; fix the value, or build with "
                    + "--strict to make it an error.",
                "2:44: Invalid value for argument \"level\" of \"@label\": expected a value of type \"Int\", found "
                    + "\"high\". graphql-js builds the schema without checking it; fix the value, or build with "
                    + "--strict to make it an error.",
                "2:73: Invalid value for argument \"level\" of \"@label\": expected a value of type \"Int!\", found "
                    + "null. graphql-js builds the schema without checking it; fix the value, or build with --strict "
                    + "to make it an error.",
            ])
        #expect(SchemaTestSupport.errors(sdl, options: Self.strict).count == 3)
    }

    @Test func anInputFieldGivenTwiceIsAlwaysAnError() {
        let sdl = """
            input In { x: Int }
            directive @d(a: In) on FIELD_DEFINITION
            type Query { a(i: In = {x: 1, x: 2}): Int @d(a: {x: 1, x: 2}) }
            """
        #expect(
            SchemaTestSupport.errorsOnly(sdl) == [
                "3:31: There can be only one input field named \"x\". Remove one. (related 3:25)",
                "3:56: There can be only one input field named \"x\". Remove one. (related 3:50)",
            ])
        #expect(SchemaTestSupport.errors(sdl, options: Self.strict).count == 2)
    }

    @Test func aDefinitionNamedLikeABuiltInScalarGivesWayToTheScalar() throws {
        let sdl = """
            type Query { a: String b(x: Float): Int }
            input String { x: Int }
            type Int { value: String }
            enum Float { ONE }
            """
        let schema = try SchemaTestSupport.build(sdl)
        for name in ["String", "Int", "Float"] {
            guard case .scalar(let scalar)? = schema.type(named: name) else {
                Issue.record("\(name) is not the built-in scalar")
                continue
            }
            #expect(scalar.isBuiltIn)
        }
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "2:7: \"String\" is a built-in scalar, so this definition of it as an input object is ignored and the "
                    + "built-in scalar is used, as graphql-js does. Rename the type, or build with --strict to make it "
                    + "an error.",
                "3:6: \"Int\" is a built-in scalar, so this definition of it as an object type is ignored and the "
                    + "built-in scalar is used, as graphql-js does. Rename the type, or build with --strict to make it "
                    + "an error.",
                "4:6: \"Float\" is a built-in scalar, so this definition of it as an enum is ignored and the "
                    + "built-in scalar is used, as graphql-js does. Rename the type, or build with --strict to make it "
                    + "an error.",
            ])
        #expect(
            SchemaTestSupport.errors(sdl, options: Self.strict) == [
                "2:7: \"String\" is a built-in scalar; it cannot be defined as an input object. Rename the type.",
                "3:6: \"Int\" is a built-in scalar; it cannot be defined as an object type. Rename the type.",
                "4:6: \"Float\" is a built-in scalar; it cannot be defined as an enum. Rename the type.",
            ])
    }

    @Test func ignoredDefinitionsAreStillValidated() {
        let sdl = """
            type Query { a: Int }
            type Int { a: Unknown }
            type __Schema { a: Int a: Int }
            type __Type @deprecated { a: Int }
            enum __TypeKind { A }
            extend enum __TypeKind { A }
            type __Field { a: Int }
            type __Field { b: Int }
            extend type __Directive { a: Int }
            """
        #expect(
            SchemaTestSupport.errorsOnly(sdl) == [
                "2:15: Unknown type \"Unknown\" in field \"Int.a\". Define it, or correct the name.",
                "3:24: Field \"__Schema.a\" can only be defined once. (related 3:17)",
                "4:13: Directive \"@deprecated\" cannot be used on OBJECT (type \"__Type\"); it is declared on "
                    + "FIELD_DEFINITION | ARGUMENT_DEFINITION | ENUM_VALUE | INPUT_FIELD_DEFINITION.",
                "6:26: Enum value \"__TypeKind.A\" can only be defined once. (related 5:19)",
                "8:6: There can be only one type named \"__Field\". (related 7:6)",
                "9:13: Cannot extend type \"__Directive\" because it is not defined. Define it with \"type "
                    + "__Directive\", or correct the name.",
            ])
    }

    @Test func aDirectiveMayReferToItself() {
        let sdl = """
            type Query { a: String }
            directive @dir(a: Int @dir) on ARGUMENT_DEFINITION
            scalar String @specifiedBy(url: "https://example.com")
            """
        #expect(
            Self.warnings(sdl) == [
                "2:12: Directive \"@dir\" cannot be used within its own definition, on its arguments or through the "
                    + "directives and input types they refer to. Remove that use. graphql-js 16 does not check this "
                    + "and builds the schema; build with --strict to make it an error."
            ])
        // The built-in `@specifiedBy(url: String!)` does not refer to itself through the schema's `scalar String`.
        #expect(SchemaTestSupport.errors(sdl, options: Self.strict).count == 1)
    }

    @Test func introspectionTypesCanBeReferredTo() throws {
        let sdl = """
            type Query { a: __Type b(k: __TypeKind): Int s: __Schema }
            type __Schema { description: String }
            """
        let schema = try SchemaTestSupport.build(sdl)
        #expect(schema.type(named: "__Type")?.field(named: "ofType") != nil)
        let tail =
            "is an introspection type, which a schema does not define; the built-in one is used, as graphql-js "
            + "does. Build with --strict to make it an error."
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "1:17: \"__Type\", named in field \"Query.a\", \(tail)",
                "1:29: \"__TypeKind\", named in argument \"Query.b(k:)\", \(tail)",
                "1:49: \"__Schema\", named in field \"Query.s\", \(tail)",
                "2:1: This definition of \"__Schema\" is ignored: it is an introspection type, and the built-in one "
                    + "is used, as graphql-js does. Remove it from the schema, or build with --strict to make it an "
                    + "error.",
            ])
        #expect(!SchemaTestSupport.errors(sdl, options: Self.strict).isEmpty)
    }

    @Test func oneTypeMayBeTheRootOfTwoOperationKinds() throws {
        let schema = try SchemaTestSupport.build("schema { query: Query mutation: Query }\ntype Query { a: Int }")
        #expect(schema.rootType(for: .mutation)?.name == "Query")
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "1:33: \"Query\" is the root type of both query and mutation operations; each operation kind needs its "
                    + "own root type. graphql-js 16 builds the schema with one type for both; give each its own type, "
                    + "or build with --strict to make it an error."
            ])
    }

    @Test func oneOfOnAnExtensionIsIgnored() throws {
        let sdl = """
            input In { a: Int! }
            extend input In @oneOf
            type Query { f(i: In): Int }
            """
        let schema = try SchemaTestSupport.build(sdl)
        guard case .inputObject(let input)? = schema.type(named: "In") else {
            Issue.record("In is not an input object")
            return
        }
        #expect(!input.isOneOf)
        #expect(
            schema.warnings.map(SchemaTestSupport.summary) == [
                "2:17: This @oneOf is ignored: graphql-js reads @oneOf from the definition of \"In\" only, not "
                    + "from its extensions, so \"In\" is an ordinary input object. Move it to \"input In @oneOf\", "
                    + "or build with --strict to apply it."
            ])
        #expect(
            SchemaTestSupport.errors(sdl, options: Self.strict) == [
                "1:12: Field \"In.a\" of the OneOf input object \"In\" must be nullable. Remove the \"!\"."
            ])
    }

    @Test func operationsAndFragmentsInASchemaAreIgnored() {
        #expect(
            Self.warnings("type Query { a: Int }\nquery Q { a }\nfragment F on Query { a }") == [
                "2:1: A schema document cannot contain operations, so this query is ignored, as graphql-js does. Move "
                    + "it to an operation document, or build with --strict to make it an error.",
                "3:1: A schema document cannot contain fragments, so fragment \"F\" is ignored, as graphql-js does. "
                    + "Move it to an operation document, or build with --strict to make it an error.",
            ])
    }
}
