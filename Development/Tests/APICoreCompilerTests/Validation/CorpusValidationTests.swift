import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// The operation sets of the shared corpus validate against their schemas.
@Suite("Corpus operations", .cpuBound)
struct CorpusValidationTests {
    /// One folder of operations and the schema they are written against.
    struct OperationSet: Sendable, CustomTestStringConvertible {
        /// How the folder's files form compilation units.
        enum Unit: Sendable {
            /// The whole folder is one unit: fragments are shared across files (Apollo, GitHawk).
            case folder
            /// Each file is a unit of its own: the files repeat the fragments they use (Shopify's Hydrogen) or are
            /// separate anonymous examples (SWAPI).
            case file
        }

        let operations: String
        let schema: String
        let unit: Unit
        /// The fragments no operation of the folder uses, which Apollo compiles on their own.
        var unusedFragments: [String] = []

        var testDescription: String { operations }
    }

    static let sets: [OperationSet] = [
        OperationSet(
            operations: "github/operations/githawk", schema: "github/operations/githawk/schema-2020.json", unit: .folder
        ),
        OperationSet(
            operations: "github/operations/apollo", schema: "github/operations/apollo/schema-apollo.graphqls",
            unit: .folder),
        OperationSet(
            operations: "starwars/operations", schema: "starwars/schema.graphqls", unit: .folder,
            unusedFragments: [
                "DroidNameAndPrimaryFunction", "CharacterNameAndDroidPrimaryFunction", "CharacterNameAndDroidAppearsIn",
                "DroidName", "DroidPrimaryFunction", "HumanHeightWithVariable",
                "CharacterNameAndAppearsInWithNestedFragments", "CharacterNameWithNestedAppearsInFragment",
                "CharacterNameWithInlineFragment",
            ]),
        OperationSet(
            operations: "animalkingdom/operations", schema: "animalkingdom/schema.graphqls", unit: .folder,
            unusedFragments: ["CrocodileFragment", "PetDetailsMutation"]),
        OperationSet(operations: "swapi/operations", schema: "swapi/schema.graphqls", unit: .file),
        OperationSet(operations: "shopify/operations/storefront", schema: "shopify/storefront.graphqls", unit: .file),
        OperationSet(
            operations: "shopify/operations/customer-account", schema: "shopify/customer-account.schema.json",
            unit: .folder),
        OperationSet(operations: "upload", schema: "upload/schema.graphqls", unit: .folder),
        OperationSet(operations: "subscription", schema: "subscription/schema.graphqls", unit: .folder),
    ]

    /// `<package root>/../shared/corpus`: this file is `<root>/Tests/APICoreCompilerTests/Validation/...`.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    @Test("every operation set validates with no errors against its schema", arguments: sets)
    func validates(_ set: OperationSet) throws {
        let (schema, documents) = try load(set)
        let units = set.unit == .folder ? [documents] : documents.map { [$0] }
        for unit in units {
            let diagnostics = DocumentValidator.validate(unit, against: schema)
            #expect(diagnostics.map(\.description) == [])
        }
    }

    @Test("with reportsUnusedFragments, the fragments Apollo compiles on their own are reported", arguments: sets)
    func unusedFragments(_ set: OperationSet) throws {
        let (schema, documents) = try load(set)
        guard set.unit == .folder else { return }
        let diagnostics = DocumentValidator.validate(
            documents, against: schema, options: ValidationOptions(reportsUnusedFragments: true))
        #expect(diagnostics.allSatisfy { $0.rule == "NoUnusedFragments" })
        let expected = set.unusedFragments.map { "Fragment \"\($0)\" is never used." }
        #expect(Set(diagnostics.map(\.message)) == Set(expected))
    }

    private func load(_ set: OperationSet) throws -> (GraphQLSchema, [Document]) {
        let schemaPath = Self.corpus.appendingPathComponent(set.schema).path
        try #require(FileManager.default.fileExists(atPath: schemaPath), "missing corpus file \(schemaPath)")
        let schema = try GraphQLSchema.load(paths: [schemaPath])
        let folder = Self.corpus.appendingPathComponent(set.operations)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        try #require(!files.isEmpty, "no operations in \(folder.path)")
        let documents = try files.map { file in
            let url = folder.appendingPathComponent(file)
            return try Parser.parse(Source(name: url.path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return (schema, documents)
    }
}
