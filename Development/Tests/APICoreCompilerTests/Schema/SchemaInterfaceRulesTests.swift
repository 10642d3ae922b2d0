import Testing

@testable import APICoreCompiler

/// Interface implementations: fields with covariant types, arguments, transitive interfaces, no cycles.
@Suite struct SchemaInterfaceRulesTests {
    @Test func aValidImplementationMayNarrowTypesAndAddOptionalArguments() throws {
        _ = try SchemaTestSupport.build(
            """
            type Query { node: Node }
            interface Node { id: ID, friends: [Node], best: Node, tags(first: Int): [String] }
            interface Named implements Node { id: ID, friends: [Node], best: Node, tags(first: Int): [String] }
            type User implements Named & Node {
              id: ID!
              friends: [User!]!
              best: User
              tags(first: Int, after: String, order: Int! = 1): [String!]
            }
            """)
    }

    @Test func missingFieldsAndArguments() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { node: Node }
            interface Node { id: ID!, tags(first: Int): [String] }
            type User implements Node { tags: [String] }
            """)
        #expect(
            errors == [
                "3:6: Type \"User\" must define field \"id: ID!\" of interface \"Node\".",
                "3:29: Field \"User.tags\" must accept argument \"first: Int\" of \"Node.tags\". (related 2:32)",
            ])
    }

    @Test func fieldTypesMustBeCovariantAndArgumentTypesEqual() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { node: Node }
            interface Node { id: ID!, tags(first: Int): [String] }
            type User implements Node {
              id: ID
              tags(first: Int!, extra: Boolean!): String
            }
            """)
        #expect(
            errors == [
                "4:3: Field \"User.id\" must be of type \"ID!\" or a subtype, as \"Node.id\" is; it is \"ID\". "
                    + "(related 2:18)",
                "5:3: Field \"User.tags\" must be of type \"[String]\" or a subtype, as \"Node.tags\" is; it is "
                    + "\"String\". (related 2:27)",
                "5:8: Argument \"User.tags(first:)\" must be of type \"Int\", as in \"Node.tags\"; it is \"Int!\". "
                    + "(related 2:32)",
                "5:21: Argument \"User.tags(extra:)\" must be optional (nullable or with a default value), because "
                    + "\"Node.tags\" does not define it.",
            ])
    }

    @Test func interfacesOfInterfacesMustBeDeclaredToo() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { node: Node }
            interface Node { id: ID }
            interface Resource implements Node { id: ID }
            type Image implements Resource { id: ID }
            """)
        #expect(
            errors == [
                "4:6: Type \"Image\" must also implement \"Node\", because \"Resource\" implements it. Add \"& Node\" "
                    + "to its interfaces."
            ])
    }

    @Test func implementationsCannotBeCircularOrOfNonInterfaces() {
        let errors = SchemaTestSupport.errors(
            """
            type Query { a: A }
            interface A implements B & A { id: ID }
            interface B implements A { id: ID }
            type C implements Query & Nod & B & B { id: ID, a: Int }
            interface Node { id: ID }
            """)
        #expect(
            errors == [
                "2:11: Interface \"A\" cannot implement itself. Remove \"A\" from its interfaces.",
                "3:11: Interface \"B\" cannot implement \"A\", which implements \"B\": the implementations would be "
                    + "circular.",
                "4:6: Type \"C\" can only implement interfaces; \"Query\" is an object type.",
                "4:6: Type \"C\" implements unknown interface \"Nod\". Did you mean \"Node\"?",
                "4:6: Type \"C\" must also implement \"A\", because \"B\" implements it. Add \"& A\" to its interfaces.",
                "4:6: Type \"C\" can only implement \"B\" once. Remove the repetition.",
            ])
    }
}
