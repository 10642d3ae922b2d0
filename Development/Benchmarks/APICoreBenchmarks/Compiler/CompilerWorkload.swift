import APICoreCompiler
import Foundation

/// The inputs of the compiler suite, read before anything is timed, and its steps as our front end does them.
///
/// Each step returns a count (definitions, types or validation errors) that the suite checks, so that the work
/// cannot be optimised away and both sides can be seen to do the same work.
struct CompilerWorkload {
    /// One step: an id shared with `bench_graphql_core.py`, what it does, and the work.
    struct Step {
        let id: String
        let title: String
        let work: () throws -> Int
        /// Whether the step is part of the total (the parse-only step is not: the schema step parses too).
        var isInTotal = true
        /// For validation steps: the result must be zero errors.
        var expectsNoErrors = false
    }

    let githubSDL: Source
    let githawkIntrospection: Data
    let apolloSDL: Source
    let githawkDocuments: [Source]
    let apolloDocuments: [Source]
    let githawkSchema: GraphQLSchema
    let apolloSchema: GraphQLSchema

    /// Reads the corpus files and builds the schemas the document steps validate against.
    init(paths: BenchmarkPaths) throws {
        githubSDL = Source(name: "schema.graphqls", text: try paths.corpusText("github/schema.graphqls"))
        githawkIntrospection = try Data(contentsOf: paths.corpus("github/operations/githawk/schema-2020.json"))
        apolloSDL = Source(
            name: "schema-apollo.graphqls",
            text: try paths.corpusText("github/operations/apollo/schema-apollo.graphqls"))
        githawkDocuments = try Self.documents(in: "github/operations/githawk", paths: paths)
        apolloDocuments = try Self.documents(in: "github/operations/apollo", paths: paths)
        githawkSchema = try GraphQLSchema.build(introspection: githawkIntrospection, file: "schema-2020.json")
        apolloSchema = try GraphQLSchema.build(from: [apolloSDL])
    }

    /// The steps, in order.
    var steps: [Step] {
        let megabytes = Double(githubSDL.text.utf8.count) / 1_000_000
        return [
            Step(
                id: "github-sdl-parse",
                title: "GitHub schema: parse SDL (\(BenchmarkTable.fixed(megabytes, digits: 2)) MB)",
                work: { [githubSDL] in try Parser.parse(githubSDL).definitions.count }, isInTotal: false),
            Step(
                id: "github-schema", title: "GitHub schema: parse + build + validate",
                work: { [githubSDL] in try GraphQLSchema.build(from: [githubSDL]).types.count }),
            Step(
                id: "githawk-schema", title: "GitHawk schema (2020): introspection JSON -> schema",
                work: { [githawkIntrospection] in
                    try GraphQLSchema.build(introspection: githawkIntrospection, file: "schema-2020.json").types.count
                }),
            Step(
                id: "githawk-operations",
                title: "GitHawk: parse + validate \(githawkDocuments.count) documents",
                work: { [githawkDocuments, githawkSchema] in
                    try Self.parseAndValidate(githawkDocuments, against: githawkSchema)
                }, expectsNoErrors: true),
            Step(
                id: "apollo-schema", title: "Apollo's GitHub schema: parse + build + validate",
                work: { [apolloSDL] in try GraphQLSchema.build(from: [apolloSDL]).types.count }),
            Step(
                id: "apollo-operations",
                title: "Apollo GitHub: parse + validate \(apolloDocuments.count) documents",
                work: { [apolloDocuments, apolloSchema] in
                    try Self.parseAndValidate(apolloDocuments, against: apolloSchema)
                }, expectsNoErrors: true),
        ]
    }

    /// Parses the documents and validates them as one unit; the number of errors.
    static func parseAndValidate(_ sources: [Source], against schema: GraphQLSchema) throws -> Int {
        let documents = try sources.map { try Parser.parse($0) }
        return DocumentValidator.validate(documents, against: schema).count { $0.severity == .error }
    }

    /// The `.graphql` files of a corpus folder, sorted, named relative to the corpus.
    private static func documents(in folder: String, paths: BenchmarkPaths) throws -> [Source] {
        let names = try FileManager.default.contentsOfDirectory(atPath: paths.corpus(folder).path)
            .filter { $0.hasSuffix(".graphql") }
            .sorted()
        return try names.map { name in
            Source(name: "\(folder)/\(name)", text: try paths.corpusText("\(folder)/\(name)"))
        }
    }
}
