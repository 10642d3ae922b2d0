import APICoreCompiler
import Testing

@Suite("KnownArgumentNames")
struct KnownArgumentNamesTests {
    @Test("arguments the field or directive defines are valid, in any order")
    func known() throws {
        try expectValid(
            """
            { dog { isAtLocation(y: 1, x: 2) name(surname: true) @skip(if: false) @withArgument(optional: "o", required: 1) } }
            """)
    }

    @Test("unknown arguments are reported at the argument, with similar names suggested")
    func unknown() throws {
        try expectErrors(
            "{ dog { doesKnowCommand(command: SIT) name(unknown: true) @skip(iff: false) } }",
            [
                #"KnownArgumentNames: Unknown argument "command" on field "Dog.doesKnowCommand". Did you mean "dogCommand"? @ 1:25"#,
                #"KnownArgumentNames: Unknown argument "unknown" on field "Dog.name". @ 1:44"#,
                #"ProvidedRequiredArguments: Directive "@skip" argument "if" of type "Boolean!" is required, but it was not provided. @ 1:59"#,
                #"KnownArgumentNames: Unknown argument "iff" on directive "@skip". Did you mean "if"? @ 1:65"#,
            ])
    }
}

@Suite("UniqueArgumentNames")
struct UniqueArgumentNamesTests {
    @Test("distinct argument names are valid")
    func distinct() throws {
        try expectValid("{ dog { isAtLocation(x: 1, y: 2) @skip(if: false) } }")
    }

    @Test("a repeated argument is reported once, at every argument of the name")
    func repeated() throws {
        try expectErrors(
            "{ dog { isAtLocation(x: 1, x: 2, x: 3) @skip(if: false, if: true) } }",
            [
                #"UniqueArgumentNames: There can be only one argument named "x". @ 1:22, 1:28, 1:34"#,
                #"UniqueArgumentNames: There can be only one argument named "if". @ 1:46, 1:57"#,
            ])
    }
}

@Suite("ProvidedRequiredArguments")
struct ProvidedRequiredArgumentsTests {
    @Test("required arguments given, and optional or defaulted ones left out, are valid")
    func provided() throws {
        try expectValid(
            """
            {
              complicatedArgs {
                multipleReqs(req2: 2, req1: 1)
                nonNullFieldWithDefault
                multipleOpts
              }
              dog @withArgument(required: 1) { name }
            }
            """)
    }

    @Test("missing required arguments are reported at the field or directive, one per argument")
    func missing() throws {
        try expectErrors(
            "{ complicatedArgs { multipleReqs nonNullIntArgField } dog @withArgument(optional: \"x\") @include { name } }",
            [
                #"ProvidedRequiredArguments: Field "multipleReqs" argument "req1" of type "Int!" is required, but it was not provided. @ 1:21"#,
                #"ProvidedRequiredArguments: Field "multipleReqs" argument "req2" of type "Int!" is required, but it was not provided. @ 1:21"#,
                #"ProvidedRequiredArguments: Field "nonNullIntArgField" argument "nonNullIntArg" of type "Int!" is required, but it was not provided. @ 1:34"#,
                #"ProvidedRequiredArguments: Directive "@withArgument" argument "required" of type "Int!" is required, but it was not provided. @ 1:59"#,
                #"ProvidedRequiredArguments: Directive "@include" argument "if" of type "Boolean!" is required, but it was not provided. @ 1:88"#,
            ])
    }
}
