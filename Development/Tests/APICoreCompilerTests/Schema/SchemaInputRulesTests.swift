import Testing

@testable import APICoreCompiler

/// Input objects, `@oneOf`, deprecation of required inputs, and default values.
@Suite struct SchemaInputRulesTests {
    @Test func nonNullCyclesLeaveNoFiniteValue() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                input Self { me: Self! }
                input A { b: B! }
                input B { c: C!, optional: A }
                input C { a: A!, list: [C!]! }
                """)
        #expect(
            errors == [
                "2:14: Input object \"Self\" cannot have a finite value: it refers to itself through the non-null "
                    + "fields \"me\". Make one of them nullable or a list.",
                "3:11: Input object \"A\" cannot have a finite value: it refers to itself through the non-null "
                    + "fields \"b.c.a\". Make one of them nullable or a list.",
            ])
    }

    @Test func oneOfFieldsAreNullableWithoutDefaults() throws {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                input Pick @oneOf {
                  id: ID!
                  name: String = "x"
                  other: String
                }
                """)
        #expect(
            errors == [
                "3:3: Field \"Pick.id\" of the OneOf input object \"Pick\" must be nullable. Remove the \"!\".",
                "4:3: Field \"Pick.name\" of the OneOf input object \"Pick\" cannot have a default value. Remove it.",
            ])
        let schema = try SchemaTestSupport.build(SchemaTestSupport.query + "input Pick @oneOf { id: ID, name: String }")
        guard case .inputObject(let pick)? = schema.type(named: "Pick") else {
            Issue.record("Pick is not an input object")
            return
        }
        #expect(pick.isOneOf)
    }

    @Test func oneOfInputObjectsNeedAFieldThatEnds() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                input Loop @oneOf { again: Loop, other: Other }
                input Other { loop: Loop! }
                input Fine @oneOf { again: Fine, list: [Fine] }
                """)
        #expect(
            errors == [
                "2:7: OneOf input object \"Loop\" cannot have a finite value: each of its fields refers to an input "
                    + "object that has none. Add a field of a scalar, enum or list type."
            ])
    }

    @Test func requiredArgumentsAndInputFieldsCannotBeDeprecated() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a(x: Int! @deprecated, y: Int! = 1 @deprecated, z: Int @deprecated): Int }
            input Filter { q: String! @deprecated(reason: "gone") }
            """)
        #expect(
            errors == [
                "1:16: Required argument \"Query.a(x:)\" cannot be deprecated: callers must still give it. Make it "
                    + "nullable or give it a default value, or remove @deprecated.",
                "2:16: Required input field \"Filter.q\" cannot be deprecated: callers must still give it. Make it "
                    + "nullable or give it a default value, or remove @deprecated.",
            ])
    }

    /// In a strict build; by default these defaults are dropped with a warning (`SchemaToleranceTests`).
    @Test func defaultValuesMustFitTheirTypes() {
        let errors = SchemaTestSupport.errors(
            """
            enum Order { ASC DESC }
            input Page { first: Int!, after: String }
            type Query {
              a(x: Int = "1"): Int
              b(x: Order = ASCE): Int
              c(x: Page = {after: "x"}): Int
              d(x: Page = {first: 1, last: 2}): Int
              e(x: Int! = null): Int
              f(x: [Int] = [1, 2.5]): Int
              g(x: Int = 2147483648): Int
            }
            """, options: SchemaBuildOptions(isStrict: true))
        let prefix = "Default value of argument"
        #expect(
            errors == [
                "4:5: \(prefix) \"Query.a(x:)\" is invalid: expected a value of type \"Int\", found \"1\".",
                "5:5: \(prefix) \"Query.b(x:)\" is invalid: \"ASCE\" is not a value of enum \"Order\". Did you "
                    + "mean \"ASC\"?",
                "6:5: \(prefix) \"Query.c(x:)\" is invalid: field \"Page.first\" of type \"Int!\" is required but "
                    + "missing.",
                "7:5: \(prefix) \"Query.d(x:)\" is invalid: input object \"Page\" has no field \"last\".",
                "8:5: \(prefix) \"Query.e(x:)\" is invalid: expected a value of type \"Int!\", found null.",
                "9:5: \(prefix) \"Query.f(x:)\" is invalid: expected a value of type \"Int\", found 2.5.",
                "10:5: \(prefix) \"Query.g(x:)\" is invalid: Int cannot represent 2147483648: it is outside the "
                    + "32-bit signed range.",
            ])
    }

    @Test func validDefaultValuesAreKeptAsParsed() throws {
        let schema = try SchemaTestSupport.build(
            """
            input Page { first: Int = 10, after: String, tags: [String!] = "one" }
            type Query {
              a(page: Page = {}, ids: [ID!]! = [1, "two"], ratio: Float = 1, custom: JSON = {any: [1]}): Int
            }
            scalar JSON
            """)
        let page = schema.type(named: "Query")?.field(named: "a")?.argument(named: "page")
        #expect(page?.defaultValue == Value(.object([])))
        guard case .inputObject(let input)? = schema.type(named: "Page") else {
            Issue.record("Page is not an input object")
            return
        }
        #expect(input.field(named: "first")?.defaultValue == Value(.int("10")))
        #expect(input.field(named: "tags")?.defaultValue == Value(.string("one", isBlock: false)))
    }
}
