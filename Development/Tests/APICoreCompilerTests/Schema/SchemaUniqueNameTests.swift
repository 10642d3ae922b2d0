import Testing

@testable import APICoreCompiler

/// Names defined twice, and names reserved for introspection.
@Suite struct SchemaUniqueNameTests {
    @Test func duplicateTypesAreReportedAtTheSecondWithTheFirstRelated() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: Int }
            type Query { b: Int }
            """)
        #expect(errors == ["2:6: There can be only one type named \"Query\". (related 1:6)"])
    }

    @Test func duplicateFieldsArguments() {
        let errors = SchemaTestSupport.errors(
            """
            type Query {
              a: Int
              a: String
              f(x: Int, x: Int): Int
            }
            """)
        #expect(
            errors == [
                "3:3: Field \"Query.a\" can only be defined once. (related 2:3)",
                "4:13: Argument \"Query.f(x:)\" can only be defined once. (related 4:5)",
            ])
    }

    @Test func duplicateEnumValuesAndInputFields() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                enum Color { RED GREEN RED }
                input Filter {
                  name: String
                  name: String
                }
                """)
        #expect(
            errors == [
                "2:24: Enum value \"Color.RED\" can only be defined once. (related 2:14)",
                "5:3: Field \"Filter.name\" can only be defined once. (related 4:3)",
            ])
    }

    @Test func duplicateDirectivesAndDirectiveArguments() {
        let errors = SchemaTestSupport.errors(
            SchemaTestSupport.query
                + """
                directive @tag(name: String, name: String) on OBJECT
                directive @tag on FIELD_DEFINITION
                """)
        #expect(
            errors == [
                "2:30: Argument \"@tag(name:)\" can only be defined once. (related 2:16)",
                "3:12: There can be only one directive named \"@tag\". (related 2:12)",
            ])
    }

    @Test func fieldsAddedTwiceByAnExtensionAreDuplicates() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: Int }
            extend type Query { a: Int }
            """)
        #expect(errors == ["2:21: Field \"Query.a\" can only be defined once. (related 1:14)"])
    }

    @Test func namesBeginningWithTwoUnderscoresAreReserved() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { __a: Int, b(__x: Int): Int, c: __T }
            type __T { v: __E }
            enum __E { __V }
            directive @__d on FIELD
            """)
        let reserved = "must not begin with \"__\", which is reserved for introspection. Rename it."
        #expect(
            errors == [
                "1:14: The name of field \"Query.__a\" \(reserved)",
                "1:26: The name of argument \"Query.b(__x:)\" \(reserved)",
                "2:6: The name of type \"__T\" \(reserved)",
                "3:6: The name of type \"__E\" \(reserved)",
                "3:12: The name of enum value \"__E.__V\" \(reserved)",
                "4:12: The name of directive \"@__d\" \(reserved)",
            ])
    }
}
