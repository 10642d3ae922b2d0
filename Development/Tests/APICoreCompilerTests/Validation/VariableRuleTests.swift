import APICoreCompiler
import Testing

@Suite("UniqueVariableNames")
struct UniqueVariableNamesTests {
    @Test("distinct variable names are valid, also when operations share them")
    func distinct() throws {
        try expectValid(
            """
            query A($x: Int, $y: Int) { complicatedArgs { multipleOpts(opt1: $x, opt2: $y) } }
            query B($x: Int) { complicatedArgs { intArgField(intArg: $x) } }
            """)
    }

    @Test("a repeated variable is reported once, at every definition of the name")
    func repeated() throws {
        try expectErrors(
            "query Q($x: Int, $y: Int, $x: Int, $x: String) { complicatedArgs { intArgField(intArg: $y) } }",
            [
                #"NoUnusedVariables: Variable "$x" is never used in operation "Q". @ 1:9"#,
                #"UniqueVariableNames: There can be only one variable named "$x". @ 1:10, 1:28, 1:37"#,
                #"NoUnusedVariables: Variable "$x" is never used in operation "Q". @ 1:27"#,
                #"NoUnusedVariables: Variable "$x" is never used in operation "Q". @ 1:36"#,
            ])
    }
}

@Suite("NoUndefinedVariables")
struct NoUndefinedVariablesTests {
    @Test("variables used in the operation and its fragments, at any depth, are defined")
    func defined() throws {
        try expectValid(
            """
            query Q($a: Boolean!, $b: Int) @onQuery {
              dog @include(if: $a) { ...F }
            }
            fragment F on Dog { ...G isAtLocation(x: $b, y: 1) }
            fragment G on Dog { name(surname: $a) nickname @skip(if: $a) mother { name @include(if: $a) } }
            query R($c: String) { complicatedArgs { stringArgField(stringArg: $c) } }
            """)
    }

    @Test("each undefined usage is reported per operation, at the usage and the operation, through fragments")
    func undefined() throws {
        try expectErrors(
            """
            query A($a: Boolean) { dog { ...F name(surname: $a) } }
            query B { dog { ...F } }
            fragment F on Dog { isAtLocation(x: $x, y: $y) }
            """,
            [
                #"NoUndefinedVariables: Variable "$x" is not defined by operation "A". @ 3:37, 1:1"#,
                #"NoUndefinedVariables: Variable "$x" is not defined by operation "B". @ 3:37, 2:1"#,
                #"NoUndefinedVariables: Variable "$y" is not defined by operation "A". @ 3:44, 1:1"#,
                #"NoUndefinedVariables: Variable "$y" is not defined by operation "B". @ 3:44, 2:1"#,
            ])
        try expectErrors(
            "{ dog { isAtLocation(x: $x) } }",
            [#"NoUndefinedVariables: Variable "$x" is not defined. @ 1:25, 1:1"#])
    }
}

@Suite("NoUnusedVariables")
struct NoUnusedVariablesTests {
    @Test("variables used in directives, arguments and fragments count as used")
    func used() throws {
        try expectValid(
            """
            query Q($a: Boolean!, $b: Int, $c: [String]) {
              dog @include(if: $a) { ...F }
              complicatedArgs { complexArgField(complexArg: { requiredField: true, stringListField: $c }) }
            }
            fragment F on Dog { isAtLocation(x: $b) }
            """)
    }

    @Test("unused variables are reported at their definitions")
    func unused() throws {
        try expectErrors(
            """
            query Q($a: Int, $b: Int) { dog { ...F } }
            fragment F on Dog { name }
            """,
            [
                #"NoUnusedVariables: Variable "$a" is never used in operation "Q". @ 1:9"#,
                #"NoUnusedVariables: Variable "$b" is never used in operation "Q". @ 1:18"#,
            ])
        try expectErrors(
            "query ($c: Int) { dog { name } }", [#"NoUnusedVariables: Variable "$c" is never used. @ 1:8"#])
    }
}

@Suite("VariablesInAllowedPosition")
struct VariablesInAllowedPositionTests {
    @Test("variables of the expected type or a subtype, and nullable ones with defaults, are allowed")
    func allowed() throws {
        try expectValid(
            """
            query Q(
              $int: Int!, $nullableInt: Int, $defaulted: Int = 1, $bool: Boolean, $list: [String!]!,
              $string: String, $nonNullString: String!, $nonNullBool: Boolean!, $input: ComplexInput, $fur: FurColor
            ) {
              complicatedArgs {
                a: intArgField(intArg: $int)
                b: nonNullIntArgField(nonNullIntArg: $defaulted)
                c: nonNullFieldWithDefault(arg: $nullableInt)
                d: stringListArgField(stringListArg: $list)
                e: stringListArgField(stringListArg: [$string, "x"])
                f: stringListNonNullArgField(stringListNonNullArg: [$nonNullString])
                g: complexArgField(complexArg: $input)
                h: complexArgField(complexArg: { requiredField: $nonNullBool, nonNullField: $bool })
                i: enumArgField(enumArg: $fur)
              }
              dog { ...F }
            }
            fragment F on Dog { isHouseTrained(atOtherHomes: $bool) }
            """)
    }

    @Test("mismatched types are reported at the definition and the usage, through fragments and nested values")
    func mismatched() throws {
        try expectErrors(
            """
            query Q($int: Int, $list: [String], $string: String, $bool: Boolean, $nullDefault: Int = null) {
              complicatedArgs {
                a: nonNullIntArgField(nonNullIntArg: $int)
                b: stringListNonNullArgField(stringListNonNullArg: $list)
                c: stringArgField(stringArg: $list)
                d: stringListArgField(stringListArg: [[$string]])
                e: complexArgField(complexArg: { requiredField: $bool })
                f: nonNullIntArgField(nonNullIntArg: $nullDefault)
              }
              dog { ...F }
            }
            fragment F on Dog { doesKnowCommand(dogCommand: $string) }
            """,
            [
                #"VariablesInAllowedPosition: Variable "$int" of type "Int" used in position expecting type "Int!". @ 1:9, 3:42"#,
                #"VariablesInAllowedPosition: Variable "$list" of type "[String]" used in position expecting type "[String!]". @ 1:20, 4:56"#,
                #"VariablesInAllowedPosition: Variable "$list" of type "[String]" used in position expecting type "String". @ 1:20, 5:34"#,
                #"VariablesInAllowedPosition: Variable "$string" of type "String" used in position expecting type "DogCommand". @ 1:37, 12:49"#,
                #"VariablesInAllowedPosition: Variable "$bool" of type "Boolean" used in position expecting type "Boolean!". @ 1:54, 7:53"#,
                #"VariablesInAllowedPosition: Variable "$nullDefault" of type "Int" used in position expecting type "Int!". @ 1:70, 8:42"#,
                #"ValuesOfCorrectType: String cannot represent a non string value: [$string] @ 6:43"#,
            ])
    }

    @Test("a nullable variable as the only field of a @oneOf input object is reported")
    func oneOf() throws {
        try expectErrors(
            """
            query Q($nullable: String, $nonNull: Int!) {
              complicatedArgs {
                a: oneOfArgField(oneOfArg: { stringField: $nullable })
                b: oneOfArgField(oneOfArg: { intField: $nonNull })
              }
            }
            """,
            [
                #"ValuesOfCorrectType: Variable "nullable" must be non-nullable to be used for OneOf Input Object "OneOfInput". @ 3:32"#
            ])
    }
}
