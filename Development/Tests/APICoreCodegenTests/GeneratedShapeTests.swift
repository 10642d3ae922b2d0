import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreTestSupport
import Foundation
import Testing

/// What the generated code says about merging, conditions, type cases, escaping and determinism.
@Suite("Generated shape", .cpuBound)
struct GeneratedShapeTests {
    static let sdl = TemplateSnapshotTests.sdl

    @Test("fields of a fragment and of an inline fragment on the same type merge into one struct")
    func merging() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Merge { hero { id ... on Character { name friends { id } } ...Friends } }
                fragment Friends on Character { friends { name } appearsIn }
                """)
        let query = GeneratorHarness.file("Operations/MergeQuery.graphql.swift", in: files)
        // `name` comes from an inline fragment on the same type: a property of its own. `friends` is selected
        // directly and in the fragment: one struct holding both `id` and `name` (named `Friends_`, as the fragment
        // `Friends` must not be shadowed). `appearsIn` only in the fragment: read from the same object.
        #expect(query.contains(#"public var name: String { __field("name") }"#))
        #expect(query.contains(#"public var friends: [Friends_?]? { __field("friends") }"#))
        let nested = query.components(separatedBy: "class Friends_")[1]
        #expect(nested.contains(#"var id: String { __field("id") }"#))
        #expect(nested.contains(#"var name: String { __field("name") }"#))
        #expect(query.contains(#"public var appearsIn: [GraphQLEnum<TestAPI.Episode>?] { __field("appearsIn") }"#))
        #expect(!query.contains("class AsCharacter"))
    }

    @Test("@include and @skip make fields, fragments and type cases optional")
    func conditions() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Conditions($a: Boolean!, $b: Boolean!) {
                  hero {
                    id @include(if: $a)
                    name @skip(if: $b) @include(if: $a)
                    friends @include(if: false) { id }
                    ...Named @include(if: $a)
                    ... on Droid @skip(if: $b) { primaryFunction }
                  }
                }
                fragment Named on Character { appearsIn }
                """)
        let query = GeneratorHarness.file("Operations/ConditionsQuery.graphql.swift", in: files)
        #expect(query.contains(#"public var id: String? { __field("id", if: .include("a")) }"#))
        #expect(
            query.contains(
                #"public var name: String? { __field("name", if: GraphQLConditions([.skip("b"), .include("a")])) }"#))
        #expect(!query.contains("var friends"))
        #expect(query.contains(#"public var named: Named? { __fragment(if: .include("a")) }"#))
        #expect(
            query.contains(
                #"public var appearsIn: [GraphQLEnum<TestAPI.Episode>?]? { __field("appearsIn", if: .include("a")) }"#))
        #expect(query.contains(#"public var asDroid: AsDroid? { __typeCase(if: .skip("b")) }"#))
        // The selections decoding checks the data against say the same.
        #expect(query.contains(#".conditional(.include("a"), [.fragment(Named.self)]),"#))
    }

    @Test("a field selected under different conditions is selected when any of them passes, not the first only")
    func alternativeConditions() throws {
        // Without the `id` the generator would add unconditionally, which this test selects under conditions.
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Either($a: Boolean!, $b: Boolean!, $c: Boolean!) {
                  hero {
                    name @skip(if: $a)
                    ... on Character @include(if: $b) { name }
                    id @include(if: $c) @skip(if: $a)
                    ... @include(if: $c) { id @include(if: $b) }
                  }
                }
                """, addsKeyFields: false)
        let query = GeneratorHarness.file("Operations/EitherQuery.graphql.swift", in: files)
        // `name` under `skip a` or `include b`: optional, read whenever the data has it, and listed under each.
        #expect(query.contains(#"public var name: String? { __field("name") }"#))
        #expect(query.contains(#".conditional(.skip("a"), [.field(GraphQLField("name""#))
        #expect(query.contains(#".conditional(.include("b"), [.field(GraphQLField("name""#))
        // `id` under `include c` in both: that much is common, and either of the rest adds to it.
        #expect(query.contains(#"public var id: String? { __field("id", if: .include("c")) }"#))
        let both = #".conditional(GraphQLConditions([.include("c"), "#
        #expect(query.contains(both + #".skip("a")]), [.field(GraphQLField("id""#))
        #expect(query.contains(both + #".include("b")]), [.field(GraphQLField("id""#))
    }

    @Test("a fragment spread twice under different conditions is there when either selects it, in reads and selections")
    func fragmentUnderEitherCondition() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Either($a: Boolean!, $b: Boolean!) {
                  hero { ...Named @include(if: $a) ...Named @include(if: $b) }
                }
                fragment Named on Character { name }
                """)
        let query = GeneratorHarness.file("Operations/EitherQuery.graphql.swift", in: files)
        let either = #"__fragment(if: .include("a")) ?? __fragment(if: .include("b"))"#
        #expect(query.contains("public var named: Named? { \(either) }"))
        #expect(query.contains(#".conditional(.include("a"), [.fragment(Named.self)]),"#))
        #expect(query.contains(#".conditional(.include("b"), [.fragment(Named.self)]),"#))
        // The name read through the fragment is optional: either condition may select it.
        #expect(query.contains(#"public var name: String? { __field("name") }"#))
    }

    @Test("a type case's field that the enclosing set always selects is always there, whatever the case's conditions")
    func typeCaseFieldSelectedAbove() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Above($b: Boolean!) { hero { name ... on Droid { name @include(if: $b) primaryFunction } } }
                """)
        let query = GeneratorHarness.file("Operations/AboveQuery.graphql.swift", in: files)
        let droid = try #require(query.components(separatedBy: "class AsDroid").last)
        // `hero.name` is selected whatever `$b` says, so the Droid's `name` is not optional and reads the data.
        #expect(droid.contains(#"public var name: String { __field("name") }"#))
        #expect(!droid.contains(#"__field("name", if: .include("b"))"#))
    }

    @Test("type cases and fragments on narrower types become typed optional views")
    func typeCases() throws {
        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Cases { hero { ... on Droid { primaryFunction } ...HumanFields ... on Droid { id } } }
                fragment HumanFields on Human { height }
                """)
        let query = GeneratorHarness.file("Operations/CasesQuery.graphql.swift", in: files)
        #expect(query.contains("public var asDroid: AsDroid? { __typeCase() }"))
        #expect(query.contains("public var asHuman: AsHuman? { __typeCase() }"))
        #expect(query.components(separatedBy: "class AsDroid").count == 2)
        #expect(query.contains(#"public var height: Double? { __field("height") }"#))
        #expect(query.contains("public override class var __parentType: GraphQLParentType { TestAPI.Objects.Droid }"))
        let schema = GeneratorHarness.file("Schema/TestAPI.graphql.swift", in: files)
        #expect(
            schema.contains(
                #"GraphQLParentType.interface(\#n      "Character", possibleTypes: ["Human", "Droid"])"#))
    }

    @Test("generating twice gives the same bytes")
    func determinism() throws {
        for set in CorpusSet.all.prefix(3) {
            let first = try CodeGenerator().generate(configuration: set.configuration)
            let second = try CodeGenerator().generate(configuration: set.configuration)
            #expect(first == second)
        }
    }

    @Test("descriptions with */, backslashes and triple quotes stay inside their doc comments")
    func descriptions() throws {
        let files = try GeneratorHarness.generate(
            sdl: #"""
                type Query {
                  """
                  Ends */ a comment, has a \ backslash and \""" quotes.
                  """
                  text: String @deprecated(reason: "Use \"other\" \\ */")
                }
                """#,
            operations: "query Text { text }")
        let query = GeneratorHarness.file("Operations/TextQuery.graphql.swift", in: files)
        #expect(query.contains(#"/// Ends */ a comment, has a \ backslash and """ quotes."#))
        #expect(query.contains(#"@available(*, deprecated, message: "Use \"other\" \\ */")"#))
        #expect(query.contains(#"public var text: String? { __field("text") }"#))
    }

    @Test("the reference operations generate the hand-written documents and ids")
    func referenceOperations() throws {
        let set = try #require(CorpusSet.all.first { $0.target == "Reference" })
        let files = try CodeGenerator().generate(configuration: set.configuration)
        let details = try #require(files.first { $0.path.hasSuffix("UserDetailsQuery.graphql.swift") }).contents
        let create = try #require(files.first { $0.path.hasSuffix("CreateUserMutation.graphql.swift") }).contents
        #expect(details.contains("\"\(UserDetailsQuery.operationIdentifier!)\""))
        #expect(create.contains("\"\(CreateUserMutation.operationIdentifier!)\""))
        #expect(create.contains("public var email: GraphQLNullable<String>"))
        #expect(create.contains(#"public var followerCount: ReferenceSchema.Long { __field("followerCount") }"#))
        #expect(details.contains(#"public var role: GraphQLEnum<ReferenceSchema.Role> { __field("role") }"#))
        #expect(details.contains(#"public var email: String? { __field("email", if: .include("withEmail")) }"#))
        #expect(!details.contains("?? nil"))
    }

    @Test("persisted-query ids match Apollo's for the Star Wars operations")
    func starWarsIdentifiers() throws {
        let manifest = try String(
            contentsOfFile: CorpusSet.root + "/../../shared/corpus/starwars/operationIDs.json", encoding: .utf8)
        let set = try #require(CorpusSet.all.first { $0.target == "StarWars" })
        // As an app whose server registered Apollo's manifest generates: Apollo's documents, without key fields added.
        var configuration = set.configuration
        configuration.addsKeyFields = false
        let files = try CodeGenerator().generate(configuration: configuration)
        var matched = 0
        for file in files where file.contents.contains("operationIdentifier: String? { ") {
            let id = file.contents.components(separatedBy: "operationIdentifier: String? { \"")[1].prefix(64)
            if manifest.contains("\"id\": \"\(id)\"") { matched += 1 }
        }
        #expect(matched >= 30, "\(matched) of Apollo's Star Wars ids matched")
    }

    @Test("Animal Kingdom: every concrete Animal and Pet is keyed by the id its interface's @typePolicy names")
    func animalKingdomTypePolicies() throws {
        let set = try #require(CorpusSet.all.first { $0.target == "AnimalKingdom" })
        let files = try CodeGenerator().generate(configuration: set.configuration)
        let namespace = try #require(files.first { $0.path.hasSuffix("/AnimalKingdomAPI.graphql.swift") }).contents
        let policies = namespace.components(separatedBy: "typePolicies = GraphQLTypePolicies(keyFields: [\n")[1]
            .components(separatedBy: "\n  ])")[0]
        let keyed = policies.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            keyed == [
                #""Bird": ["id"],"#, #""Cat": ["id"],"#, #""Crocodile": ["id"],"#, #""Dog": ["id"],"#,
                #""Fish": ["id"],"#, #""Human": ["id"],"#, #""PetRock": ["id"],"#, #""Rat": ["id"],"#,
            ])
    }

    @Test("SWAPI's anonymous operations are named after their files, in their types and in the documents sent")
    func anonymousOperations() throws {
        let set = try #require(CorpusSet.all.first { $0.target == "SWAPI" })
        let files = try CodeGenerator().generate(configuration: set.configuration)
        let names = files.map { $0.path.split(separator: "/").last! }.filter { $0.hasPrefix("Operation") }
        #expect(
            names == [
                "Operation01BasicQuery.graphql.swift", "Operation02NestedFieldsQuery.graphql.swift",
                "Operation03NestedFieldsQuery.graphql.swift", "Operation04AllStarshipsQuery.graphql.swift",
                "Operation05ArgumentQuery.graphql.swift", "Operation06FragmentsQuery.graphql.swift",
                "Operation07FragmentsQuery.graphql.swift", "Operation08IntrospectionQuery.graphql.swift",
            ])
        let basic = try #require(files.first { $0.path.hasSuffix("/Operation01BasicQuery.graphql.swift") }).contents
        #expect(basic.contains(#"operationName: String { "Operation01BasicQuery" }"#))
        #expect(
            basic.contains(
                #"document: String { "query Operation01BasicQuery { person(personID: 4) { __typename id name } }" }"#))
    }

    @Test("two kits share one schema-types module: it declares what both use, their operations import it")
    func sharedSchemaTypesModule() throws {
        func generate(_ target: String) throws -> [GeneratedFile] {
            try CodeGenerator().generate(
                configuration: #require(CorpusSet.all.first { $0.target == target }).configuration)
        }
        let shared = try generate("SharedKit")
        #expect(shared.allSatisfy { $0.path.contains("/SharedKit/Schema/") })
        let namespace = GeneratorHarness.file(shared[0].path, in: shared)
        #expect(namespace.contains("public nonisolated enum SharedAPI {"))
        // Kit A's Droid type case and kit B's Starship search result, both declared once here.
        #expect(
            namespace.contains("public static var Droid: GraphQLParentType { .object(\"Droid\") }")
                && namespace.contains("public static var Starship: GraphQLParentType { .object(\"Starship\") }"))
        let inputs = try #require(shared.first { $0.path.hasSuffix("/SharedAPI+InputObjects.graphql.swift") })
        #expect(inputs.contents.contains("public nonisolated struct ReviewInput"))
        for kit in ["KitA", "KitB"] {
            let files = try generate(kit)
            #expect(!files.isEmpty)
            for file in files {
                #expect(file.path.contains("/\(kit)/Operations/"))
                #expect(file.contents.contains("\n\nimport APICoreGraphQL\nimport SharedKit\n\n"))
                #expect(!file.contents.contains("enum SharedAPI"))
            }
        }
    }
}
