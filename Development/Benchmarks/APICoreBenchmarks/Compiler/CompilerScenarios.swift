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
        BenchmarkScenario(
            name: "codegen.scale",
            workload:
                "the whole `apicore generate` for an app of Kickstarter's size: GitHub's 2021-10-01 schema (SDL, over "
                + "1,000 types) with 55 seeded random queries defining 41 fragments, one file each, files written",
            baseline:
                "graphql-core 3.2.8 building the same schema from its SDL and parsing and validating the same files",
            run: generateAtScale),
    ]

    /// The steps of `compiler.github`, ids shared with `bench_graphql_core.py`.
    static let compilerSteps = [
        "github-schema", "githawk-schema", "githawk-operations", "apollo-schema", "apollo-operations",
    ]
    /// The steps graphql-core shares with `codegen.github`.
    static let codegenSteps = ["githawk-schema", "githawk-operations"]
    /// The steps graphql-core shares with `codegen.scale`.
    static let scaleSteps = ["scale-schema", "scale-operations"]

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
        let ours = try timeGeneration(
            context, namespace: "GitHawkAPI",
            schema: context.paths.corpus("github/operations/githawk/schema-2020.json").path,
            operations: context.paths.corpus("github/operations/githawk").path)
        guard ours.operationFiles == 28 else {
            throw BenchmarkFailure(
                "apicore generate wrote \(ours.operationFiles) files of operations and fragments, not 28")
        }
        let baseline = try context.graphQLCore.value().total(of: codegenSteps)
        return BenchmarkResult(ours: ours.timing, baseline: baseline)
    }

    static func generateAtScale(_ context: BenchmarkContext) throws -> BenchmarkResult {
        let workload = try CodegenScaleWorkload(paths: context.paths)
        let inputs = try BenchmarkPaths.scratchFolder("apicore-bench-scale-inputs")
        defer { try? FileManager.default.removeItem(at: inputs) }
        try workload.write(to: inputs)
        let ours = try timeGeneration(
            context, namespace: "ScaleAPI", schema: context.paths.corpus(CodegenScaleWorkload.schemaPath).path,
            operations: inputs.path)
        // A file per operation and per fragment, besides the schema types'.
        let expected = CodegenScaleWorkload.operationCount + CodegenScaleWorkload.fragmentCount
        guard ours.operationFiles == expected else {
            throw BenchmarkFailure(
                "apicore generate wrote \(ours.operationFiles) files of operations and fragments, not \(expected)")
        }
        let baseline = try context.graphQLCore.value().total(of: scaleSteps)
        return BenchmarkResult(ours: ours.timing, baseline: baseline)
    }

    /// Times the whole generation, as `apicore generate` runs it, for the schema at `schema` and the `.graphql`
    /// files in the folder `operations`: the files written into a fresh folder each time. The number of files of
    /// operations and fragments written by the last run.
    private static func timeGeneration(
        _ context: BenchmarkContext, namespace: String, schema: String, operations: String
    ) throws -> (timing: Timing, operationFiles: Int) {
        let folder = try BenchmarkPaths.scratchFolder("apicore-bench-codegen")
        defer { try? FileManager.default.removeItem(at: folder) }
        var runs = 0
        let measured = try Timing.measure(
            context.timing,
            setup: { () -> CodegenConfiguration in
                // A fresh output folder each time, so that every file is written.
                runs += 1
                let output = folder.appendingPathComponent("run-\(runs)")
                return CodegenConfiguration(
                    schemaNamespace: namespace,
                    schemaSearchPaths: [schema],
                    operationSearchPaths: [(operations as NSString).appendingPathComponent("*.graphql")],
                    schemaTypesPath: output.appendingPathComponent("Schema").path,
                    operationsPath: output.appendingPathComponent("Operations").path,
                    baseDirectory: context.paths.corpusFolder.path)
            },
            work: { configuration in
                let files = try CodeGenerator().generate(configuration: configuration)
                let written = try GeneratedFileWriter(folders: configuration.outputFolders).write(files).written
                let operationsFolder = configuration.operationsPath.map(configuration.resolved) ?? ""
                return written.count { $0.hasPrefix(operationsFolder + "/") }
            })
        return (measured.timing, measured.result)
    }
}
