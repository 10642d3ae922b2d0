import APICoreCompiler
import Foundation
import SeededGeneration

/// An app's GraphQL at the size of a large real one (Kickstarter's iOS app: about 1,000 schema types, 55 operations,
/// 41 fragments), generated so that no one's operations are copied: GitHub's 2021-10-01 schema and 55 seeded random
/// queries over it that define 41 named fragments between them, one file per query.
///
/// The same seed gives the same files on every machine and in both processes that read them (ours and graphql-core's).
struct CodegenScaleWorkload {
    /// The schema, relative to the corpus.
    static let schemaPath = "github/schema-2021-10-01.graphqls"
    static let operationCount = 55
    static let fragmentCount = 41
    private static let seed: UInt64 = 2026

    /// Each query's file name and document (the query and the fragments it defines).
    let files: [(name: String, text: String)]

    init(paths: BenchmarkPaths) throws {
        let source = Source(name: Self.schemaPath, text: try paths.corpusText(Self.schemaPath))
        let schema = try GraphQLSchema.build(from: [source])
        guard schema.types.count > 1_000 else {
            throw BenchmarkFailure("\(Self.schemaPath) has \(schema.types.count) types, not over 1,000")
        }
        // Three levels of up to four fields, with type conditions and fragments: 68 KB of GraphQL in all, about 700
        // bytes a definition, as dense as GitHawk's operations (17 KB for 14 operations and 13 fragments).
        var generator = RandomOperationGenerator(schema: schema, seed: Self.seed, maximumDepth: 3, maximumFields: 4)
        generator.namedFragmentLimit = Self.fragmentCount
        files = (1...Self.operationCount).map { index in
            let name = "Screen\(index)Query"
            return (name: "\(name).graphql", text: generator.next(name: name).document + "\n")
        }
        guard generator.namedFragmentCount == Self.fragmentCount else {
            throw BenchmarkFailure(
                "the scale workload defines \(generator.namedFragmentCount) fragments, not \(Self.fragmentCount)")
        }
    }

    /// Writes the files into `folder`, which exists.
    func write(to folder: URL) throws {
        for file in files {
            try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name))
        }
    }
}
