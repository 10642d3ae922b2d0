import Testing

/// `apicore validate`: the built executable on corpus schemas and documents, and on documents written by the tests.
@Suite("apicore validate")
struct ValidateCommandTests {
    static let starWarsSchema = ValidateFixture.corpus("starwars/schema.graphqls")

    @Test("a valid corpus folder against its SDL schema: exit 0, one summary line")
    func validFolder() async throws {
        let result = try await APICoreExecutable.run([
            "validate", "--schema", Self.starWarsSchema, ValidateFixture.corpus("starwars/operations"),
        ])
        #expect(result.status == 0)
        #expect(result.output == "18 documents, 39 operations, 15 fragments: valid\n")
        #expect(result.error.isEmpty)
    }

    @Test("GitHawk's operations against its introspection JSON schema, quietly: exit 0, nothing printed")
    func introspectionSchema() async throws {
        let result = try await APICoreExecutable.run([
            "validate", "--quiet", "--schema", ValidateFixture.corpus("github/operations/githawk/schema-2020.json"),
            ValidateFixture.corpus("github/operations/githawk"),
        ])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.error.isEmpty)
    }

    @Test("the same documents against the schema as SDL and as introspection JSON give the same summary")
    func sdlAndIntrospectionAgree() async throws {
        let operations = ValidateFixture.corpus("starwars/operations")
        let sdl = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, operations])
        let json = try await APICoreExecutable.run([
            "validate", "--schema", ValidateFixture.corpus("starwars/schema.json"), operations,
        ])
        #expect(json.status == 0)
        #expect(json.output == sdl.output)
        #expect(json.error.isEmpty)
    }

    @Test("several --schema files and folders are merged into one schema")
    func mergedSchemas() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        _ = try fixture.file("schema/base.graphqls", "type Query { hero: Hero }\ntype Hero { name: String }\n")
        _ = try fixture.file("schema/more/hero.graphqls", "extend type Hero { friends: [Hero] }\n")
        let extra = try fixture.file("extra.graphqls", "extend type Query { villain: Hero }\n")
        let document = try fixture.file(
            "query.graphql", "query Both { hero { name friends { name } } villain { name } }\n")
        let result = try await APICoreExecutable.run([
            "validate", "--schema", fixture.path("schema"), "--schema", extra, document,
        ])
        #expect(result.status == 0)
        #expect(result.output == "1 document, 1 operation, 0 fragments: valid\n")
        #expect(result.error.isEmpty)
    }

    @Test("an invalid document: exit 1, each error as path:line:column with note lines")
    func invalidDocument() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let path = try fixture.file(
            "invalid.graphql",
            """
            query HeroName($episode: Episode) {
              hero(episode: $episode) {
                nmae
              }
            }

            query HeroName {
              hero(episode: JEDI) {
                name
                name: id
              }
            }

            """)
        let result = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, path])
        #expect(result.status == 1)
        #expect(result.output == "1 document, 2 operations, 0 fragments: 3 errors\n")
        #expect(
            result.error.split(separator: "\n", omittingEmptySubsequences: false) == [
                "\(path):1:7: error: There can be only one operation named \"HeroName\".",
                "\(path):7:7: note: related location",
                "\(path):3:5: error: Cannot query field \"nmae\" on type \"Character\". Did you mean \"name\"?",
                "\(path):9:5: error: Fields \"name\" conflict because \"name\" and \"id\" are different fields. Use "
                    + "different aliases on the fields to fetch both if this was intentional.",
                "\(path):10:5: note: related location",
                "",
            ])
    }

    @Test("fragment arguments: each misuse is an error at its line and column, the fragment's variable noted")
    func fragmentArguments() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let path = try fixture.file(
            "arguments.graphql",
            """
            query Hero {
              hero {
                ...Named(loud: 1, nope: true)
              }
            }

            fragment Named($loud: Boolean!, $unused: Int) on Character {
              name
              friends @include(if: $loud) {
                name
              }
            }

            """)
        let result = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, path])
        #expect(result.status == 1)
        #expect(result.output == "1 document, 1 operation, 1 fragment: 3 errors\n")
        #expect(
            result.error.split(separator: "\n", omittingEmptySubsequences: false) == [
                "\(path):3:20: error: Boolean cannot represent a non boolean value: 1",
                "\(path):3:23: error: Unknown argument \"nope\" on fragment \"Named\".",
                "\(path):7:33: error: Variable \"$unused\" is never used in fragment \"Named\".",
                "",
            ])
        // Without the mistakes the same fragment is valid.
        let fixed = try fixture.file(
            "fixed.graphql",
            """
            query Hero { hero { ...Named(loud: true) } }
            fragment Named($loud: Boolean!) on Character { name friends @include(if: $loud) { name } }

            """)
        let valid = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, fixed])
        #expect(valid.status == 0)
        #expect(valid.output == "1 document, 1 operation, 1 fragment: valid\n")
    }

    @Test("the upstream GitHub schema: exit 1, both duplicate fields named with both locations")
    func upstreamInvalidSchema() async throws {
        let schema = ValidateFixture.corpus("github/schema-upstream-invalid.graphqls")
        let result = try await APICoreExecutable.run([
            "validate", "--schema", schema, ValidateFixture.corpus("github/operations/apollo"),
        ])
        #expect(result.status == 1)
        #expect(result.output == "schema: 2 errors\n")
        #expect(
            result.error
                == """
                \(schema):15153:3: error: Field "EnterpriseOwnerInfo.repositoryDeployKeySetting" can only be defined \
                once.
                \(schema):15003:3: note: related location
                \(schema):15158:3: error: Field "EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations" can \
                only be defined once.
                \(schema):15008:3: note: related location

                """)
    }

    @Test("a syntax error: exit 1 at the offending token, nothing validated")
    func syntaxError() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let broken = try fixture.file("docs/broken.graphql", "query {\n  hero {\n    name\n  }\n")
        _ = try fixture.file("docs/nested/valid.graphql", "query Hero { hero { name } }\n")
        let result = try await APICoreExecutable.run([
            "validate", "--schema", Self.starWarsSchema, fixture.path("docs"),
        ])
        #expect(result.status == 1)
        #expect(result.output == "2 documents: 1 syntax error\n")
        #expect(result.error == "\(broken):5:1: error: Syntax Error: Expected Name, found <EOF>.\n")
    }

    @Test("fragments used by no operation: allowed by default, errors with --report-unused-fragments")
    func unusedFragments() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let path = try fixture.file(
            "unused.graphql", "query Hero { hero { name } }\n\nfragment Unused on Droid { id }\n")
        let allowed = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, path])
        #expect(allowed.status == 0)
        let reported = try await APICoreExecutable.run([
            "validate", "--report-unused-fragments", "--schema", Self.starWarsSchema, path,
        ])
        #expect(reported.status == 1)
        #expect(reported.error == "\(path):3:1: error: Fragment \"Unused\" is never used.\n")
    }

    @Test("missing paths, no documents, or a schema of JSON and SDL mixed: exit 2")
    func missingPaths() async throws {
        let fixture = try ValidateFixture()
        defer { fixture.removeFiles() }
        let document = try fixture.file("hero.graphql", "query Hero { hero { name } }\n")
        let missingSchema = fixture.path("missing.graphqls")
        let noSchema = try await APICoreExecutable.run(["validate", "--schema", missingSchema, document])
        #expect(noSchema.status == 2)
        #expect(noSchema.error == "error: cannot read the schema file '\(missingSchema)': no such file or folder\n")

        let missingDocument = fixture.path("missing.graphql")
        let noDocument = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, missingDocument])
        #expect(noDocument.status == 2)
        #expect(
            noDocument.error == "error: cannot read the document file '\(missingDocument)': no such file or folder\n")

        _ = try fixture.file("empty/notes.txt", "not a document")
        let emptyFolder = fixture.path("empty")
        let noDocuments = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema, emptyFolder])
        #expect(noDocuments.status == 2)
        #expect(noDocuments.error == "error: no .graphql documents found in '\(emptyFolder)'\n")

        let mixed = try await APICoreExecutable.run([
            "validate", "--schema", Self.starWarsSchema, "--schema", ValidateFixture.corpus("starwars/schema.json"),
            document,
        ])
        #expect(mixed.status == 2)
        #expect(mixed.error.contains("Cannot combine introspection JSON with other schema files"))
    }

    @Test("usage errors: exit 2 with usage")
    func usageErrors() async throws {
        let noSchema = try await APICoreExecutable.run(["validate", "query.graphql"])
        #expect(noSchema.status == 2)
        #expect(noSchema.error.contains("--schema"))
        #expect(noSchema.error.contains("Usage: apicore validate"))
        let noDocuments = try await APICoreExecutable.run(["validate", "--schema", Self.starWarsSchema])
        #expect(noDocuments.status == 2)
        #expect(try await APICoreExecutable.run(["validate", "--bogus"]).status == 2)
    }

    @Test("--help prints usage and the exit statuses")
    func help() async throws {
        let result = try await APICoreExecutable.run(["validate", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--report-unused-fragments"))
        #expect(result.output.contains("Exit status: 0 the documents are valid"))
    }
}
