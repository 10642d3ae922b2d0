import APICoreCodegen
import Foundation
import Testing

/// A schema and operation folder of the corpus (or of the project's fixtures), generated into one target of the
/// fixture package `Tests/Fixtures/GeneratedCode`.
struct CorpusSet: Sendable, CustomTestStringConvertible {
    /// The fixture target's name.
    var target: String
    var namespace: String
    /// Schema paths and operation globs, relative to the project root.
    var schemaPaths: [String]
    var operationPaths: [String]
    var customScalars: [String: String] = [:]
    /// The folder, relative to the project root, that gets `Schema/` and `Operations/`; by default the set's target
    /// in the fixture package.
    var outputPath: String?
    /// Whether the set generates its schema types, its operations, or only operations importing another set's module.
    var output = Output.both
    /// Whether the set also generates test mocks, into the fixture target `<target>TestMocks`.
    var hasTestMocks = false
    /// The Swift module of the set's target, which its test mocks import; the target's name unless the project's
    /// package compiles it too, under another name.
    var moduleName: String?

    enum Output: Sendable {
        case both
        case schemaTypesOnly
        case operationsImporting(String)
    }

    var testDescription: String { target }

    /// The project root: this file is `<root>/Tests/APICoreCodegenTests/CorpusSet.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The fixture package.
    static let fixturePackage = root + "/Tests/Fixtures/GeneratedCode"

    /// The configuration that generates the set into its fixture target.
    var configuration: CodegenConfiguration {
        let folder = outputPath ?? "Tests/Fixtures/GeneratedCode/Sources/\(target)"
        var configuration = CodegenConfiguration(
            schemaNamespace: namespace, schemaSearchPaths: schemaPaths, operationSearchPaths: operationPaths,
            schemaTypesPath: "\(folder)/Schema", operationsPath: "\(folder)/Operations",
            customScalars: customScalars, accessLevel: .public, baseDirectory: Self.root)
        // The fixtures compile the superset: every set with its selection-set initializers.
        configuration.selectionSetInitializers = true
        if hasTestMocks {
            configuration.testMocks = .init(
                path: "Tests/Fixtures/GeneratedCode/Sources/\(target)TestMocks", schemaTypesModule: moduleName ?? target
            )
        }
        switch output {
        case .both: break
        case .schemaTypesOnly: configuration.operationsPath = nil
        case .operationsImporting(let module):
            configuration.schemaTypesPath = nil
            configuration.schemaTypesModule = module
        }
        return configuration
    }

    /// The folders the generator owns for this set.
    var outputFolders: [String] { configuration.outputFolders }

    /// A kit of the shared schema-types example, generating from `CodegenInputs/SharedSchema/<operations>/`.
    static func sharedSchemaKit(_ target: String, operations: String, output: Output) -> CorpusSet {
        CorpusSet(
            target: target, namespace: "SharedAPI", schemaPaths: ["../../shared/corpus/starwars/schema.graphqls"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/SharedSchema/\(operations)/*.graphql"], output: output)
    }

    static let all: [CorpusSet] = [
        CorpusSet(
            target: "StarWars", namespace: "StarWarsAPI", schemaPaths: ["../../shared/corpus/starwars/schema.graphqls"],
            operationPaths: ["../../shared/corpus/starwars/operations/*.graphql"], hasTestMocks: true,
            // The project's package compiles the set as StarWarsFixture, with its mocks, for APICoreTestMocksTests.
            moduleName: "StarWarsFixture"),
        CorpusSet(
            target: "AnimalKingdom", namespace: "AnimalKingdomAPI",
            schemaPaths: ["../../shared/corpus/animalkingdom/schema.graphqls"],
            operationPaths: ["../../shared/corpus/animalkingdom/operations/*.graphql"], hasTestMocks: true),
        CorpusSet(
            target: "GitHubApollo", namespace: "GitHubAPI",
            schemaPaths: ["../../shared/corpus/github/operations/apollo/schema-apollo.graphqls"],
            operationPaths: ["../../shared/corpus/github/operations/apollo/*.graphql"]),
        CorpusSet(
            target: "GitHawk", namespace: "GitHawkAPI",
            schemaPaths: ["../../shared/corpus/github/operations/githawk/schema-2020.json"],
            operationPaths: ["../../shared/corpus/github/operations/githawk/*.graphql"], hasTestMocks: true,
            // The project's package compiles the set as GitHawkFixture, with its mocks, for GitHawkTestMocksTests.
            moduleName: "GitHawkFixture"),
        CorpusSet(
            target: "ShopifyStorefront", namespace: "StorefrontAPI",
            schemaPaths: ["../../shared/corpus/shopify/storefront.schema.json"],
            operationPaths: ["../../shared/corpus/shopify/operations/storefront/*.graphql"]),
        CorpusSet(
            target: "ShopifyCustomerAccount", namespace: "CustomerAccountAPI",
            schemaPaths: ["../../shared/corpus/shopify/customer-account.schema.json"],
            operationPaths: ["../../shared/corpus/shopify/operations/customer-account/*.graphql"]),
        CorpusSet(
            target: "SWAPI", namespace: "SWAPI", schemaPaths: ["../../shared/corpus/swapi/schema.graphqls"],
            operationPaths: ["../../shared/corpus/swapi/operations/*.graphql"]),
        // `Upload` is a file (`GraphQLFile`) without any mapping.
        CorpusSet(
            target: "Upload", namespace: "UploadAPI", schemaPaths: ["../../shared/corpus/upload/schema.graphqls"],
            operationPaths: ["../../shared/corpus/upload/*.graphql"]),
        CorpusSet(
            target: "Subscription", namespace: "SubscriptionAPI",
            schemaPaths: ["../../shared/corpus/subscription/schema.graphqls"],
            operationPaths: ["../../shared/corpus/subscription/*.graphql"]),
        // The two real apps of the corpus, as their Apollo configurations generate them (ApolloAppConfigurationTests).
        CorpusSet(
            target: "PocketGraph", namespace: "PocketGraph",
            schemaPaths: ["../../shared/corpus/apps/pocket-ios/schema.graphqls"],
            operationPaths: ["../../shared/corpus/apps/pocket-ios/operations/*.graphql"], hasTestMocks: true),
        CorpusSet(
            target: "BCCMedia", namespace: "API", schemaPaths: ["../../shared/corpus/apps/bcc-media-tvos/schema.json"],
            operationPaths: ["../../shared/corpus/apps/bcc-media-tvos/operations/*.graphql"], hasTestMocks: true),
        // One schema-types module that two kits share: SharedKit generates the schema types all their operations use,
        // and each kit generates only its operations, which import SharedKit.
        sharedSchemaKit("SharedKit", operations: "*", output: .schemaTypesOnly),
        sharedSchemaKit("KitA", operations: "KitA", output: .operationsImporting("SharedKit")),
        sharedSchemaKit("KitB", operations: "KitB", output: .operationsImporting("SharedKit")),
        CorpusSet(
            target: "Reference", namespace: "ReferenceSchema", schemaPaths: ["Tests/ReferenceServers/schema.graphql"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/Reference/*.graphql"], customScalars: ["Long": "Int64"]),
        // The awkward names real apps use: fragments named like fields and variables, keywords, Swift's own types.
        CorpusSet(
            target: "Names", namespace: "NamesAPI", schemaPaths: ["Tests/Fixtures/CodegenInputs/Names/schema.graphqls"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/Names/*.graphql"]),
        CorpusSet(
            target: "Escaping", namespace: "EscapingAPI",
            schemaPaths: ["Tests/Fixtures/CodegenInputs/Escaping/schema.graphqls"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/Escaping/*.graphql"]),
        // Compiled into this test target rather than the fixture package, so that GeneratedBehaviourTests run in
        // every test run: 64-bit scalars, unknown enum values, three-state nullable inputs, a real GitHawk response.
        CorpusSet(
            target: "Behaviour", namespace: "BehaviourAPI",
            schemaPaths: ["Tests/Fixtures/CodegenInputs/Behaviour/schema.graphqls"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/Behaviour/*.graphql"],
            customScalars: [
                "Long": "Int64", "DateTime": "Date", "Day": "CalendarDate", "Url": "URL", "Uuid": "UUID",
                "Money": "Decimal", "Json": "JSON", "BigCount": "UInt64",
            ],
            outputPath: "Tests/APICoreCodegenTests/GeneratedBehaviour"),
        // Semantic nullability (`@semanticNonNull`, `@catch`, `@catchByDefault`), compiled here for
        // SemanticNullabilityTests.
        CorpusSet(
            target: "Nullability", namespace: "NullabilityAPI",
            schemaPaths: ["Tests/Fixtures/CodegenInputs/Nullability/schema.graphqls"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/Nullability/*.graphql"],
            outputPath: "Tests/APICoreCodegenTests/GeneratedNullability"),
        // Fragment arguments (RFC 1224), compiled here for FragmentArgumentsCodegenTests.
        CorpusSet(
            target: "FragmentArguments", namespace: "FragmentArgumentsAPI",
            schemaPaths: ["Tests/Fixtures/CodegenInputs/FragmentArguments/schema.graphqls"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/FragmentArguments/*.graphql"],
            outputPath: "Tests/APICoreCodegenTests/GeneratedFragmentArguments"),
        CorpusSet(
            target: "GitHawkIssue", namespace: "GitHawkIssueAPI",
            schemaPaths: ["../../shared/corpus/github/operations/githawk/schema-2020.json"],
            operationPaths: ["Tests/Fixtures/CodegenInputs/GitHawkIssue/*.graphql"],
            outputPath: "Tests/APICoreCodegenTests/GeneratedGitHawkIssue"),
    ]
}
