import APICoreCompiler
import Testing

@Suite("SingleFieldSubscriptions")
struct SingleFieldSubscriptionsTests {
    @Test("one root field, directly or through fragments on the root type, is valid")
    func oneField() throws {
        try expectValid("subscription S { newPet { name } }")
        try expectValid(
            """
            subscription S { ...Root ... on Subscription { newPet { name } } }
            fragment Root on Subscription { newPet { nickname: name } }
            """)
    }

    @Test("more root fields are reported at every field after the first, fragments expanded")
    func moreFields() throws {
        try expectErrors(
            """
            subscription S { newPet { name } ...More }
            fragment More on Subscription { newDog { name } other: newPet { name } }
            """,
            [
                #"SingleFieldSubscriptions: Subscription "S" must select only one top level field. @ 2:33, 2:49"#
            ])
        try expectErrors(
            "subscription { newPet { name } newDog { name } }",
            [
                "SingleFieldSubscriptions: Anonymous Subscription must select only one top level field. @ 1:32"
            ])
    }

    @Test("an introspection root field is reported")
    func introspection() throws {
        try expectErrors(
            "subscription S { __typename }",
            [
                #"SingleFieldSubscriptions: Subscription "S" must not select an introspection top level field. @ 1:18"#
            ])
    }

    @Test("@skip and @include in the root selection are reported at the directives")
    func conditional() throws {
        try expectErrors(
            """
            subscription S($no: Boolean!) { newPet @skip(if: $no) { name } ...F @include(if: true) }
            fragment F on Subscription { newPet { name } }
            """,
            [
                #"SingleFieldSubscriptions: Subscription "S" must not use `@skip` or `@include` directives in the top "#
                    + "level selection. @ 1:40, 1:69"
            ])
        try expectValid("subscription S($no: Boolean!) { newPet { name @skip(if: $no) } }")
    }
}
