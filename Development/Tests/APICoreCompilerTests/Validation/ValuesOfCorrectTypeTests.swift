import APICoreCompiler
import Testing

@Suite("ValuesOfCorrectType")
struct ValuesOfCorrectTypeTests {
    @Test("literals of every kind that coerce to the expected type are valid")
    func valid() throws {
        try expectValid(
            """
            query Q($default: Int = 3, $list: [String] = ["a", null], $input: ComplexInput = { requiredField: true }) {
              complicatedArgs {
                a: intArgField(intArg: -2147483648)
                b: floatArgField(floatArg: 1)
                c: floatArgField(floatArg: 1.5e3)
                d: idArgField(idArg: "abc")
                e: idArgField(idArg: 12)
                f: stringArgField(stringArg: \"""block\""")
                g: booleanArgField(booleanArg: false)
                h: enumArgField(enumArg: NO_FUR)
                i: stringListArgField(stringListArg: "coerced to a list")
                j: stringListArgField(stringListArg: ["a", null])
                k: intArgField(intArg: null)
                l: complexArgField(complexArg: { requiredField: false, nested: { requiredField: true }, stringListField: "x" })
                m: oneOfArgField(oneOfArg: { intField: 1 })
                n: jsonArgField(json: { any: ["literal", 1, true, null, ENUM] })
                o: intArgField(intArg: $default)
                p: stringListArgField(stringListArg: $list)
                q: complexArgField(complexArg: $input)
              }
            }
            """)
    }

    @Test("scalar literals of the wrong kind are reported with the scalar's message")
    func builtInScalars() throws {
        try expectErrors(
            """
            {
              complicatedArgs {
                a: intArgField(intArg: "3")
                b: intArgField(intArg: 2147483648)
                c: intArgField(intArg: 1.0)
                d: floatArgField(floatArg: true)
                e: stringArgField(stringArg: 1)
                f: booleanArgField(booleanArg: "true")
                g: idArgField(idArg: 1.5)
                h: stringArgField(stringArg: [1, "a\\n"])
              }
            }
            """,
            [
                #"ValuesOfCorrectType: Int cannot represent non-integer value: "3" @ 3:28"#,
                #"ValuesOfCorrectType: Int cannot represent non 32-bit signed integer value: 2147483648 @ 4:28"#,
                #"ValuesOfCorrectType: Int cannot represent non-integer value: 1.0 @ 5:28"#,
                #"ValuesOfCorrectType: Float cannot represent non numeric value: true @ 6:32"#,
                #"ValuesOfCorrectType: String cannot represent a non string value: 1 @ 7:34"#,
                #"ValuesOfCorrectType: Boolean cannot represent a non boolean value: "true" @ 8:36"#,
                #"ValuesOfCorrectType: ID cannot represent a non-string and non-integer value: 1.5 @ 9:26"#,
                #"ValuesOfCorrectType: String cannot represent a non string value: [1, "a\n"] @ 10:34"#,
            ])
    }

    @Test("enum literals are checked against the enum's values, with suggestions")
    func enums() throws {
        try expectErrors(
            """
            {
              complicatedArgs {
                a: enumArgField(enumArg: BROWNN)
                b: enumArgField(enumArg: "BROWN")
                c: enumArgField(enumArg: 1)
              }
            }
            """,
            [
                #"ValuesOfCorrectType: Value "BROWNN" does not exist in "FurColor" enum. Did you mean the enum value "BROWN"? @ 3:30"#,
                #"ValuesOfCorrectType: Enum "FurColor" cannot represent non-enum value: "BROWN". Did you mean the enum value "BROWN"? @ 4:30"#,
                #"ValuesOfCorrectType: Enum "FurColor" cannot represent non-enum value: 1. @ 5:30"#,
            ])
    }

    @Test("null where non-null is expected, in arguments, lists, fields and default values")
    func nulls() throws {
        try expectErrors(
            """
            query Q($x: Int! = null) {
              complicatedArgs {
                a: nonNullIntArgField(nonNullIntArg: null)
                b: stringListNonNullArgField(stringListNonNullArg: ["a", null])
                c: complexArgField(complexArg: { requiredField: null })
                d: intArgField(intArg: $x)
              }
            }
            """,
            [
                #"ValuesOfCorrectType: Expected value of type "Int!", found null. @ 1:20"#,
                #"ValuesOfCorrectType: Expected value of type "Int!", found null. @ 3:42"#,
                #"ValuesOfCorrectType: Expected value of type "String!", found null. @ 4:62"#,
                #"ValuesOfCorrectType: Expected value of type "Boolean!", found null. @ 5:53"#,
            ])
    }

    @Test("input objects: missing required fields, unknown fields, and values of the wrong kind")
    func inputObjects() throws {
        try expectErrors(
            """
            {
              complicatedArgs {
                a: complexArgField(complexArg: { intField: 1 })
                b: complexArgField(complexArg: { requiredField: true, stringFeld: "x", unknown: 1 })
                c: complexArgField(complexArg: "not an object")
                d: complexArgField(complexArg: [{ requiredField: true }])
                e: intArgField(intArg: { value: 1 })
              }
            }
            """,
            [
                #"ValuesOfCorrectType: Field "ComplexInput.requiredField" of required type "Boolean!" was not provided. @ 3:36"#,
                #"ValuesOfCorrectType: Field "stringFeld" is not defined by type "ComplexInput". Did you mean "stringField", "intField", or "stringListField"? @ 4:59"#,
                #"ValuesOfCorrectType: Field "unknown" is not defined by type "ComplexInput". @ 4:76"#,
                #"ValuesOfCorrectType: Expected value of type "ComplexInput", found "not an object". @ 5:36"#,
                #"ValuesOfCorrectType: Expected value of type "ComplexInput", found [{requiredField: true}]. @ 6:36"#,
                #"ValuesOfCorrectType: Int cannot represent non-integer value: {value: 1} @ 7:28"#,
            ])
    }

    @Test("@oneOf input objects take exactly one field, and not null")
    func oneOf() throws {
        try expectErrors(
            """
            {
              complicatedArgs {
                a: oneOfArgField(oneOfArg: {})
                b: oneOfArgField(oneOfArg: { stringField: "a", intField: 1 })
                c: oneOfArgField(oneOfArg: { intField: null })
              }
            }
            """,
            [
                #"ValuesOfCorrectType: OneOf Input Object "OneOfInput" must specify exactly one key. @ 3:32"#,
                #"ValuesOfCorrectType: OneOf Input Object "OneOfInput" must specify exactly one key. @ 4:32"#,
                #"ValuesOfCorrectType: Field "OneOfInput.intField" must be non-null. @ 5:32"#,
            ])
    }
}

@Suite("UniqueInputFieldNames")
struct UniqueInputFieldNamesTests {
    @Test("distinct fields, and the same name in nested objects, are valid")
    func distinct() throws {
        try expectValid(
            """
            { complicatedArgs { complexArgField(complexArg: { requiredField: true, nested: { requiredField: false } }) } }
            """)
    }

    @Test("a repeated field is reported at the first and the repeat")
    func repeated() throws {
        try expectErrors(
            "{ complicatedArgs { complexArgField(complexArg: { requiredField: true, requiredField: false }) } }",
            [
                #"UniqueInputFieldNames: There can be only one input field named "requiredField". @ 1:51, 1:72"#
            ])
    }
}
