import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// The two real apps of the corpus, each with its `apollo-codegen-config.json` exactly as committed and its inputs laid
/// out where the app kept them: the Apollo configuration generates the same bytes as the equivalent `apicore.json`.
@Suite("Real apps' Apollo configurations", .cpuBound)
struct ApolloAppConfigurationTests {
    /// One corpus app: where its config expects the schema and the operations, and the equivalent `apicore.json`.
    struct App: Sendable, CustomTestStringConvertible {
        var name: String
        /// The schema file of the corpus folder, and where the config looks for it.
        var schema: (corpus: String, layout: String)
        /// The folder of the `.graphql` files, as the config's search path expects it.
        var operationsFolder: String
        var equivalentConfiguration: String
        /// The warnings the Apollo configuration gives, without their `file:` prefix.
        var warnings: [String]

        var testDescription: String { name }
    }

    static let apps: [App] = [
        App(
            name: "pocket-ios", schema: ("schema.graphqls", "Sources/PocketGraph/schema.graphqls"),
            operationsFolder: "Sources/PocketGraph/user-defined-operations",
            equivalentConfiguration: """
                {"schemaNamespace": "PocketGraph",
                 "input": {"schemaSearchPaths": ["Sources/PocketGraph/schema.graphqls"],
                           "operationSearchPaths": ["Sources/PocketGraph/user-defined-operations/*.graphql"]},
                 "output": {"schemaTypes": {"path": "Sources/PocketGraph/Schema"},
                            "operations": {"path": "Sources/PocketGraph/Operations"}},
                 "options": {"operationIdentifiers": "apollo"}}
                """,
            warnings: [
                "26:3: warning: The Apollo key \"schemaDownloadConfiguration\" is ignored: download the schema with "
                    + "`apicore fetch-schema --endpoint https://client-api.getpocket.com --output "
                    + "./Sources/PocketGraph/schema.graphqls`."
            ]),
        App(
            name: "bcc-media-tvos", schema: ("schema.json", "schema.json"), operationsFolder: "Queries",
            equivalentConfiguration: """
                {"schemaNamespace": "API",
                 "input": {"schemaSearchPaths": ["./schema.json"], "operationSearchPaths": ["./Queries/*.graphql"]},
                 "output": {"schemaTypes": {"path": "Sources/Schema"},
                            "operations": {"path": "Sources/Operations"}},
                 "options": {"operationIdentifiers": "apollo"}}
                """,
            warnings: []),
    ]

    static let corpus = CorpusSet.root + "/../../shared/corpus/apps"

    /// A new folder holding the app's schema and operations where its config expects them, and `configuration`.
    static func layOut(_ app: App, configuration: (name: String, text: String)) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apollo-app-\(UUID().uuidString)")
        let manager = FileManager.default
        let source = "\(corpus)/\(app.name)"
        let schema = folder.appendingPathComponent(app.schema.layout)
        try manager.createDirectory(at: schema.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(atPath: "\(source)/\(app.schema.corpus)", toPath: schema.path)
        let operations = folder.appendingPathComponent(app.operationsFolder)
        try manager.createDirectory(at: operations, withIntermediateDirectories: true)
        for file in try manager.contentsOfDirectory(atPath: "\(source)/operations") where file.hasSuffix(".graphql") {
            try manager.copyItem(
                atPath: "\(source)/operations/\(file)", toPath: operations.appendingPathComponent(file).path)
        }
        try Data(configuration.text.utf8).write(to: folder.appendingPathComponent(configuration.name))
        return folder.path
    }

    /// The generated files by path relative to the layout folder.
    static func generate(_ configuration: CodegenConfiguration, in folder: String) throws -> [String: String] {
        let files = try CodeGenerator().generate(configuration: configuration)
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        var result: [String: String] = [:]
        for file in files {
            let path = URL(fileURLWithPath: configuration.resolved(file.path)).standardizedFileURL.path
            #expect(path.hasPrefix(base + "/"), "\(path) is outside the app's folder")
            result[String(path.dropFirst(base.count + 1))] = file.contents
        }
        return result
    }

    @Test(
        "the Apollo configuration as committed generates the same bytes as the equivalent apicore.json", arguments: apps
    )
    func sameBytes(_ app: App) throws {
        let apolloText = try String(
            contentsOfFile: "\(Self.corpus)/\(app.name)/apollo-codegen-config.json", encoding: .utf8)
        let apolloFolder = try Self.layOut(app, configuration: ("apollo-codegen-config.json", apolloText))
        let ownFolder = try Self.layOut(app, configuration: ("apicore.json", app.equivalentConfiguration))
        defer {
            try? FileManager.default.removeItem(atPath: apolloFolder)
            try? FileManager.default.removeItem(atPath: ownFolder)
        }
        let apollo = try CodegenConfiguration.load(from: apolloFolder + "/apollo-codegen-config.json")
        let own = try CodegenConfiguration.load(from: ownFolder + "/apicore.json")
        #expect(
            apollo.warnings.map { "\($0)" } == app.warnings.map { "\(apolloFolder)/apollo-codegen-config.json:\($0)" })
        #expect(own.warnings.isEmpty)

        let fromApollo = try Self.generate(apollo, in: apolloFolder)
        let fromOwn = try Self.generate(own, in: ownFolder)
        #expect(fromApollo.count > 20, "generated \(fromApollo.keys.sorted())")
        #expect(fromApollo.keys.sorted() == fromOwn.keys.sorted())
        for (path, contents) in fromOwn {
            #expect(fromApollo[path] == contents, "\(path) differs")
        }
    }
}
