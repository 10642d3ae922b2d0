import APICoreCodegen
import APICoreCompiler
import Foundation

/// The GraphQL front end and the code generator on GitHub's schemas and real operations, against graphql-core doing
/// the same front-end work in its own process (`Tests/Oracle/bench_graphql_core.py`, timed inside Python).
enum CompilerScenarios {
    static let all = [
        BenchmarkScenario(
            name: "compiler.github",
            workload: "parse, build and validate the GitHub schema (SDL) and GitHawk's 2020 schema (introspection), "
                + "Apollo's GitHub schema; parse and validate the GitHawk and Apollo GitHub operations",
            baseline: "graphql-core 3.2.8 doing the same steps (subprocess, its own perf_counter timing)",
            run: compile),
        BenchmarkScenario(
            name: "codegen.github",
            workload:
                "the whole `apicore generate` for GitHub's 2020 schema with the GitHawk operations, files written",
            baseline: "graphql-core 3.2.8 only building GitHawk's schema and parsing and validating its operations",
            run: generate),
    ]

    /// The steps of `compiler.github`, ids shared with `bench_graphql_core.py`.
    static let compilerSteps = [
        "github-schema", "githawk-schema", "githawk-operations", "apollo-schema", "apollo-operations",
    ]
    /// The steps graphql-core shares with `codegen.github`.
    static let codegenSteps = ["githawk-schema", "githawk-operations"]

    static func compile(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let workload = try CompilerWorkload(paths: context.paths)
        let steps = workload.steps.filter { compilerSteps.contains($0.id) }
        guard steps.count == compilerSteps.count else { throw BenchmarkFailure("a compiler step is missing") }
        let ours = try Timing.measure(context.timing) {
            try steps.map { step in
                let result = try step.work()
                if step.expectsNoErrors, result != 0 {
                    throw BenchmarkFailure("\(step.title): our validator found \(result) errors")
                }
                return result
            }
        }
        let baseline = try context.graphQLCore.value().total(of: compilerSteps)
        return BenchmarkResult(ours: ours.timing, baseline: baseline)
    }

    static func generate(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let folder = try BenchmarkPaths.scratchFolder("apicore-bench-codegen")
        defer { try? FileManager.default.removeItem(at: folder) }
        var runs = 0
        let ours = try Timing.measure(
            context.timing,
            setup: { () -> CodegenConfiguration in
                // A fresh output folder each time, so that every file is written.
                runs += 1
                let output = folder.appendingPathComponent("run-\(runs)")
                return CodegenConfiguration(
                    schemaNamespace: "GitHawkAPI",
                    schemaSearchPaths: ["github/operations/githawk/schema-2020.json"],
                    operationSearchPaths: ["github/operations/githawk/*.graphql"],
                    schemaTypesPath: output.appendingPathComponent("Schema").path,
                    operationsPath: output.appendingPathComponent("Operations").path,
                    baseDirectory: context.paths.corpusFolder.path)
            },
            work: { configuration in
                let files = try CodeGenerator().generate(configuration: configuration)
                return try GeneratedFileWriter(folders: configuration.outputFolders).write(files).written.count
            })
        guard ours.result > 14 else { throw BenchmarkFailure("apicore generate wrote only \(ours.result) files") }
        let baseline = try context.graphQLCore.value().total(of: codegenSteps)
        return BenchmarkResult(ours: ours.timing, baseline: baseline)
    }
}
