import APICoreCache
import APICoreCompiler
import APICoreDynamic
import APICoreGenerateCommand
import APICoreKit
import APICoreSQLite
import ArgumentParser
import Foundation

/// `apicore query --schema FILE --cache FILE`: the document compiled against a schema before anything is sent, and
/// its results normalized into a SQLite cache file that a later run reads, as an app's client would.
struct QueryCacheOptions: ParsableArguments {
    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            """
            A schema (SDL files or folders, or one introspection JSON file) to validate the document against before \
            sending it; the response is then checked and normalized by the document's selections (repeatable).
            """,
            valueName: "file"))
    var schemaPaths: [String] = []

    @Option(
        name: .customLong("cache"),
        help: ArgumentHelp(
            "A SQLite cache file the results are normalized into and answered from (needs --schema).",
            valueName: "file"))
    var cachePath: String?

    @Option(
        name: .customLong("cache-policy"),
        help: ArgumentHelp(
            "With --cache: cache-first (the default), network-only, cache-only or network-first.",
            valueName: "policy"))
    var cachePolicy: String?

    /// The policies the option names.
    static let policies: [String: CachePolicy] = [
        "cache-first": .cacheFirst, "network-only": .networkOnly, "cache-only": .cacheOnly,
        "network-first": .networkFirst,
    ]

    /// Rejects a cache without a schema, a policy without a cache and an unknown policy.
    func validate() throws {
        if cachePath != nil, schemaPaths.isEmpty { throw ValidationError("--cache needs --schema") }
        if let cachePolicy {
            guard cachePath != nil else { throw ValidationError("--cache-policy needs --cache") }
            guard Self.policies[cachePolicy] != nil else {
                throw ValidationError(
                    "--cache-policy must be one of \(Self.policies.keys.sorted().joined(separator: ", "))")
            }
        }
    }

    /// The schema and the cache the options name, each `nil` when not asked for; a schema that does not load, or a
    /// cache file that does not open, is reported and thrown as the exit status (1 for a schema with errors, 2 for a
    /// file that cannot be read).
    func load() throws(ExitCode) -> (schema: GraphQLRuntimeSchema?, cache: CacheStore?) {
        guard !schemaPaths.isEmpty else { return (nil, nil) }
        let schema: GraphQLRuntimeSchema
        do {
            schema = try GraphQLRuntimeSchema(contentsOf: schemaPaths)
        } catch {
            StandardStreams.report(error.diagnostics)
            throw ExitCode(error.diagnostics.allSatisfy { $0.rule == "SchemaFiles" } ? 2 : 1)
        }
        guard let cachePath else { return (schema, nil) }
        do {
            let file = try SQLiteNormalizedCache(fileURL: URL(fileURLWithPath: cachePath))
            return (schema, CacheStore(cache: file, keyResolver: CacheKeyResolver(typePolicies: schema.typePolicies)))
        } catch {
            StandardStreams.writeLine(
                "error: cannot open the cache file '\(cachePath)': \(error.description)", to: .error)
            throw ExitCode(2)
        }
    }

    /// The cache policy of the run.
    var policy: CachePolicy {
        cachePolicy.flatMap { Self.policies[$0] } ?? .cacheFirst
    }

    /// Compiles the document before anything is sent; its problems are reported at their places in `file` and
    /// thrown as exit status 1.
    static func check(
        document: String, operationName: String?, file: String, against schema: GraphQLRuntimeSchema
    ) throws(ExitCode) {
        do throws(GraphQLDocumentError) {
            _ = try schema.compile(document: document, operationName: operationName)
        } catch {
            for problem in error.problems {
                let place = problem.line > 0 ? "\(file):\(problem.line):\(problem.column): " : ""
                StandardStreams.writeLine("\(place)error: \(problem.message)", to: .error)
            }
            throw ExitCode(1)
        }
    }
}
