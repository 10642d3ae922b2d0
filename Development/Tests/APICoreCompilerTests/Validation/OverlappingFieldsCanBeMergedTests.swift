import APICoreCompiler
import Testing

@Suite("OverlappingFieldsCanBeMerged")
struct OverlappingFieldsCanBeMergedTests {
    @Test("identical fields, different aliases, and divergent fields on disjoint object types merge")
    func mergeable() throws {
        try expectValid(
            """
            {
              dog { name name otherName: name doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }
              pet {
                ... on Dog { name: nickname extra: barks }
                ... on Cat { name: name extra: meows }
              }
              catOrDog { ...A ...B }
              complicatedArgs {
                complexArgField(complexArg: { requiredField: true, intField: 1 })
                complexArgField(complexArg: { intField: 1, requiredField: true })
              }
            }
            fragment A on Dog { mother { name } }
            fragment B on Dog { mother { name barks } }
            """)
    }

    @Test("the same response name for different fields or arguments is reported at both fields")
    func differentFieldsOrArguments() throws {
        try expectErrors(
            """
            {
              dog {
                name: nickname
                name
                doesKnowCommand(dogCommand: SIT)
                doesKnowCommand(dogCommand: HEEL)
                isAtLocation(x: 1)
                isAtLocation
              }
            }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "name" conflict because "nickname" and "name" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 3:5, 4:5"#,
                #"OverlappingFieldsCanBeMerged: Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @ 5:5, 6:5"#,
                #"OverlappingFieldsCanBeMerged: Fields "isAtLocation" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @ 7:5, 8:5"#,
            ])
    }

    @Test("conflicts through fragments and inline fragments are found, each fragment pair once")
    func throughFragments() throws {
        try expectErrors(
            """
            {
              dog { ...A ...B ... on Dog { x: barks } }
              other: dog { ...A ...B }
            }
            fragment A on Dog { x: name }
            fragment B on Dog { x: nickname }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "x" conflict because "barks" and "name" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 2:32, 5:21"#,
                #"OverlappingFieldsCanBeMerged: Fields "x" conflict because "barks" and "nickname" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 2:32, 6:21"#,
                #"OverlappingFieldsCanBeMerged: Fields "x" conflict because "name" and "nickname" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 5:21, 6:21"#,
            ])
    }

    @Test("shapes must agree even on disjoint parent types")
    func shapes() throws {
        try expectErrors(
            """
            {
              pet {
                ... on Dog { volume: barkVolume }
                ... on Cat { volume: nickname }
              }
              being {
                ... on Dog { kin: friends { name } }
                ... on Human { kin: relatives { name } }
              }
            }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "volume" conflict because they return conflicting types "Int" and "String". Use different aliases on the fields to fetch both if this was intentional. @ 3:18, 4:18"#,
                #"OverlappingFieldsCanBeMerged: Fields "kin" conflict because they return conflicting types "[Dog]" and "[Human]!". Use different aliases on the fields to fetch both if this was intentional. @ 7:18, 8:20"#,
            ])
    }

    @Test("sub-selections are compared, and the conflict names every field involved")
    func subfields() throws {
        try expectErrors(
            """
            {
              dog { mother { name: barks } father { x: name } }
              dog { mother { name } father { x: nickname } }
            }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "dog" conflict because subfields "mother" conflict because subfields "name" conflict because "barks" and "name" are different fields and subfields "father" conflict because subfields "x" conflict because "name" and "nickname" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 2:3, 2:9, 2:18, 2:32, 2:41, 3:3, 3:9, 3:18, 3:25, 3:34"#
            ])
    }

    @Test("a streamed field merges with no other field of its response name, even on disjoint types")
    func stream() throws {
        try expectErrors(
            """
            {
              dogs @stream { name }
              dogs { name }
              being { ... on Human { kin: relatives @stream { iq } } ... on Dog { kin: friends @stream { iq: name } } }
            }
            """,
            [
                #"OverlappingFieldsCanBeMerged: Fields "dogs" conflict because they have overlapping stream directives. Use different aliases on the fields to fetch both if this was intentional. @ 2:3, 3:3"#,
                #"OverlappingFieldsCanBeMerged: Fields "kin" conflict because they have overlapping stream directives. See https://github.com/graphql/defer-stream-wg/discussions/100. Use different aliases on the fields to fetch both if this was intentional. @ 4:26, 4:71"#,
            ])
    }

    @Test("a large document with many shared fragments validates without exponential work")
    func manyFragments() throws {
        // Each fragment spreads the previous two: without caching, comparing all of them would take 2^40 steps.
        var text = "{ dog { ...F40 } }\nfragment F0 on Dog { name }\nfragment F1 on Dog { name ...F0 }\n"
        for index in 2...40 {
            text += "fragment F\(index) on Dog { name mother { name } ...F\(index - 1) ...F\(index - 2) }\n"
        }
        try expectValid(text)
    }
}
