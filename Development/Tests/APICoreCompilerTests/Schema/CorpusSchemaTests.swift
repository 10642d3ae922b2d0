import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreCompiler

/// Every schema of the shared corpus loads; the invalid ones are rejected with the right diagnostics.
@Suite(.cpuBound) struct CorpusSchemaTests {
    static let sdlSchemas = [
        "animalkingdom/schema.graphqls",
        "apps/pocket-ios/schema.graphqls",
        "github/operations/apollo/schema-apollo.graphqls",
        "github/schema-2021-10-01.graphqls",
        "github/schema.graphqls",
        "graphql-js/benchmark-github-schema.graphqls",
        "shopify/storefront.graphqls",
        "starwars/schema.graphqls",
        "subscription/schema.graphqls",
        "swapi/schema.graphqls",
        "upload/schema.graphqls",
    ]

    static let introspectionSchemas = [
        "apps/bcc-media-tvos/schema.json",
        "github/operations/githawk/schema-2020.json",
        "github/schema-2021-10-01.json",
        "github/schema-introspection.json",
        "graphql-js/benchmark-github-schema.json",
        "introspection/introspection_response.json",
        "introspection/introspection_response_with_defer_directive.json",
        "shopify/customer-account.schema.json",
        "shopify/storefront.schema.json",
        "starwars/schema.json",
    ]

    /// Schema files that are not valid schemas, each tested on its own below.
    static let invalidSchemas = [
        "github/schema-upstream-invalid.graphqls",
        "graphql-js/kitchen-sink-sdl.graphqls",
    ]

    @Test(arguments: sdlSchemas)
    func sdlSchemaLoads(_ relativePath: String) throws {
        let schema = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath(relativePath)])
        #expect(schema.rootType(for: .query) != nil)
        #expect(schema.types.count > 5)
    }

    @Test(arguments: introspectionSchemas)
    func introspectionSchemaLoads(_ relativePath: String) throws {
        let schema = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath(relativePath)])
        #expect(schema.rootType(for: .query) != nil)
        #expect(!schema.types.contains { $0.name.hasPrefix("__") })
    }

    /// Guards the lists above: a schema added to the corpus must be added to a test.
    @Test func everySchemaFileOfTheCorpusIsListed() throws {
        let corpus = SchemaTestSupport.corpus.path
        let files = try #require(FileManager.default.enumerator(atPath: corpus)?.allObjects as? [String])
        let schemaFiles = try files.filter { file in
            if file.hasSuffix(".graphqls") { return true }
            guard file.hasSuffix(".json") else { return false }
            let data = try Data(contentsOf: URL(fileURLWithPath: corpus).appendingPathComponent(file))
            return data.prefix(200).range(of: Data("__schema".utf8)) != nil
        }
        #expect(!schemaFiles.isEmpty, "the corpus at \(corpus) is missing")
        let listed = Set(Self.sdlSchemas + Self.introspectionSchemas + Self.invalidSchemas)
        #expect(Set(schemaFiles) == listed)
    }

    @Test func theUpstreamGitHubSchemaIsRejectedForItsTwoDuplicateFields() {
        let path = SchemaTestSupport.corpusPath("github/schema-upstream-invalid.graphqls")
        do {
            _ = try GraphQLSchema.load(paths: [path])
            Issue.record("the schema with duplicate fields was accepted")
        } catch {
            #expect(
                error.diagnostics.map(SchemaTestSupport.summary) == [
                    "15153:3: Field \"EnterpriseOwnerInfo.repositoryDeployKeySetting\" can only be defined once. "
                        + "(related 15003:3)",
                    "15158:3: Field \"EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations\" can only be "
                        + "defined once. (related 15008:3)",
                ])
            #expect(error.diagnostics.allSatisfy { $0.locations.allSatisfy { $0.file == path } })
            #expect(error.diagnostics.allSatisfy { $0.rule == "UniqueFieldDefinitionNames" })
        }
    }

    /// graphql-js's kitchen-sink SDL shows every syntax form; it is not meant to be a schema: it references types
    /// it never defines and uses directives it never declares.
    @Test func theKitchenSinkSDLParsesButIsNotASchema() {
        let path = SchemaTestSupport.corpusPath("graphql-js/kitchen-sink-sdl.graphqls")
        do {
            _ = try GraphQLSchema.load(paths: [path])
            Issue.record("the kitchen sink was accepted as a schema")
        } catch {
            let messages = error.diagnostics.map(\.message)
            #expect(!messages.contains { $0.hasPrefix("Syntax Error") })
            #expect(messages.contains { $0.hasPrefix("Unknown type \"QueryType\" for the query root type.") })
            #expect(messages.contains { $0.hasPrefix("Unknown type \"Type\" in field \"Foo.one\".") })
            #expect(messages.contains { $0.hasPrefix("Unknown directive \"@onObject\" on type \"AnnotatedObject\".") })
            #expect(messages.contains { $0.hasPrefix("Object type \"UndefinedType\" must define one or more fields.") })
        }
    }

    @Test func animalKingdomNeedsTheClientDirectivesItDoesNotDeclare() throws {
        let path = SchemaTestSupport.corpusPath("animalkingdom/schema.graphqls")
        let schema = try GraphQLSchema.load(paths: [path])
        guard case .inputObject(let input)? = schema.type(named: "PetSearchInput") else {
            Issue.record("PetSearchInput is missing")
            return
        }
        #expect(input.isOneOf)
        do {
            _ = try GraphQLSchema.load(paths: [path], options: SchemaBuildOptions(knowsClientDirectives: false))
            Issue.record("undeclared @typePolicy was accepted")
        } catch {
            #expect(error.diagnostics.map(\.rule) == ["KnownDirectives", "KnownDirectives"])
            #expect(error.diagnostics.allSatisfy { $0.message.hasPrefix("Unknown directive \"@typePolicy\"") })
        }
    }
}
