/// The schema most validation tests run against: the pets of the specification's section 5 examples, with
/// arguments of every input kind, a `@oneOf` input, a custom scalar, root types for all three operation kinds and
/// directives for every executable location.
enum ValidationTestSchema {
    static let sdl = """
        interface Being { name(surname: Boolean): String }
        interface Mammal { mother: Mammal father: Mammal }
        interface Pet implements Being { name(surname: Boolean): String }
        interface Canine implements Mammal & Being {
          name(surname: Boolean): String
          mother: Canine
          father: Canine
        }
        enum DogCommand { SIT HEEL DOWN }
        type Dog implements Being & Pet & Mammal & Canine {
          name(surname: Boolean): String
          nickname: String
          barkVolume: Int
          barks: Boolean
          doesKnowCommand(dogCommand: DogCommand): Boolean
          isHouseTrained(atOtherHomes: Boolean = true): Boolean
          isAtLocation(x: Int, y: Int): Boolean
          mother: Dog
          father: Dog
          friends: [Dog]
        }
        type Cat implements Being & Pet {
          name(surname: Boolean): String
          nickname: String
          meows: Boolean
          meowVolume: Int
          furColor: FurColor
        }
        union CatOrDog = Cat | Dog
        type Human implements Being {
          name(surname: Boolean): String
          pets: [Pet]
          relatives: [Human]!
          iq: Int
        }
        union DogOrHuman = Dog | Human
        enum FurColor { BROWN BLACK TAN SPOTTED NO_FUR UNKNOWN }
        input ComplexInput {
          requiredField: Boolean!
          nonNullField: Boolean! = false
          intField: Int
          stringField: String
          booleanField: Boolean
          stringListField: [String]
          nested: ComplexInput
        }
        input OneOfInput @oneOf { stringField: String intField: Int }
        scalar Json
        type ComplicatedArgs {
          intArgField(intArg: Int): String
          nonNullIntArgField(nonNullIntArg: Int!): String
          stringArgField(stringArg: String): String
          booleanArgField(booleanArg: Boolean): String
          nonNullBooleanArgField(nonNullBooleanArg: Boolean!): String
          enumArgField(enumArg: FurColor): String
          floatArgField(floatArg: Float): String
          idArgField(idArg: ID): String
          stringListArgField(stringListArg: [String]): String
          stringListNonNullArgField(stringListNonNullArg: [String!]): String
          nonNullStringListArgField(list: [String]!): String
          complexArgField(complexArg: ComplexInput): String
          oneOfArgField(oneOfArg: OneOfInput): String
          jsonArgField(json: Json): String
          multipleReqs(req1: Int!, req2: Int!): String
          nonNullFieldWithDefault(arg: Int! = 0): String
          multipleOpts(opt1: Int = 0, opt2: Int = 0): String
        }
        type Query {
          human(id: ID): Human
          dog: Dog
          cat: Cat
          pet: Pet
          dogs: [Dog]
          catOrDog: CatOrDog
          dogOrHuman: DogOrHuman
          being: Being
          complicatedArgs: ComplicatedArgs
        }
        type Mutation { addPet(name: String!): Pet mutationPet: Pet }
        type Subscription { newPet: Pet newDog: Dog newDogs: [Dog] }
        directive @onQuery on QUERY
        directive @onMutation on MUTATION
        directive @onField on FIELD
        directive @onFragmentDefinition on FRAGMENT_DEFINITION
        directive @onVariableDefinition on VARIABLE_DEFINITION
        directive @repeatable repeatable on FIELD
        directive @withArgument(required: Int!, optional: String) on FIELD
        directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
        """
}
