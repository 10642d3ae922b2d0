import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreCodegen

/// Files are rendered on all the machine's cores: what comes out must be what one thread would write, file for file
/// and in the same order, however the work is shared out.
@Suite("Rendering files concurrently", .cpuBound)
struct ConcurrentRenderingTests {
    @Test("a concurrent map of random arrays, with random work per element, is the map in order")
    func concurrentMapIsMap() {
        var random = SeededGenerator(seed: 20_261_130)
        for _ in 0..<200 {
            let elements = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                Int.random(in: 0...2_000, using: &random)
            }
            // Uneven work, so that the elements finish out of order.
            let transform: @Sendable (Int) -> [Int] = { element in (0..<element % 97).map { $0 &* element } }
            #expect(elements.concurrentMap(transform) == elements.map(transform))
        }
    }

    @Test("an operation checked after another's fragments lost their keys is checked with the fragments as written")
    func keysCheckedAfterARevert() throws {
        let files = try GeneratorHarness.generate(
            sdl: "type Query { me: User }\ntype User { id: ID! name: String best: User }",
            operations: """
                query Q { me { ...A ...B } }
                query R { me { ...B best { id: name } } }
                fragment A on User { best { id: name } }
                fragment B on User { best { name } }
                """)
        // Q's keys cannot merge (`id: name` in A, `id` in B's `best`): Q, A and B are sent as written. R is valid
        // with B as written, so it keeps its own keys; with B's keys it would not have been.
        let q = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        let r = GeneratorHarness.file("Operations/RQuery.graphql.swift", in: files)
        let b = GeneratorHarness.file("Operations/B.graphql.swift", in: files)
        #expect(q.contains(#"{ "query Q { me { __typename ...A ...B } }\n" + A.fragmentDefinition"#))
        #expect(b.contains(#"{ "fragment B on User { __typename best { __typename name } }" }"#))
        #expect(r.contains(#"{ "query R { me { __typename id ...B best { __typename id: name } } }\n""#))
    }

    @Test("sixty random queries and their fragments on GitHub's schema generate the same files, in order, each time")
    func randomApp() throws {
        let schema = try GraphQLSchema.load(paths: [CorpusFiles.url("github/schema.graphqls").path])
        var generator = RandomOperationGenerator(schema: schema, seed: 2_026, maximumDepth: 3, maximumFields: 4)
        generator.namedFragmentLimit = 30
        let text = (0..<60).map { generator.next(name: "Q\($0)").document }.joined(separator: "\n")
        let document = try Parser.parse(Source(name: "operations.graphql", text: text))
        let configuration = CodegenConfiguration(
            schemaNamespace: "GitHubAPI", schemaSearchPaths: [], operationSearchPaths: [], schemaTypesPath: "Schema",
            operationsPath: "Operations", baseDirectory: "")
        let first = try CodeGenerator().generate(schema: schema, documents: [document], configuration: configuration)
        let operationPaths = first.map(\.path).filter { $0.hasPrefix("Operations/") }
        // The fragments' files sorted by name, then the operations'.
        let fragmentNames = document.definitions.compactMap { definition -> String? in
            guard case .fragment(let fragment) = definition else { return nil }
            return fragment.name.value
        }
        #expect(fragmentNames.count == 30)
        #expect(
            operationPaths
                == fragmentNames.sorted().map { "Operations/\($0).graphql.swift" }
                + (0..<60).map { "Q\($0)Query" }.sorted().map { "Operations/\($0).graphql.swift" })
        for _ in 0..<3 {
            let again = try CodeGenerator().generate(
                schema: schema, documents: [document], configuration: configuration)
            #expect(again == first)
        }
    }
}
