import APICoreCodegen
import APICoreTestSupport
import Foundation
import Testing

/// `CodegenConfiguration.jsonText(forFolder:)`, what `apicore init` writes: read back, it is the same configuration,
/// for seeded random configurations and for the corpus apps' Apollo configurations.
@Suite("Configuration as apicore.json")
struct ConfigurationJSONTests {
    /// What a configuration means once read: every setting, with each path resolved to an absolute one.
    struct Meaning: Equatable, CustomStringConvertible {
        var fields: [String]

        init(_ configuration: CodegenConfiguration) {
            let path = { (relative: String) in
                URL(fileURLWithPath: configuration.resolved(relative)).standardized.path
            }
            fields = [
                configuration.schemaNamespace,
                configuration.schemaSearchPaths.map(path).joined(separator: "|"),
                configuration.operationSearchPaths.map(path).joined(separator: "|"),
                configuration.schemaTypesPath.map(path) ?? "-", configuration.operationsPath.map(path) ?? "-",
                configuration.schemaTypesModule ?? "-",
                configuration.customScalars.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(),
                configuration.accessLevel.rawValue, configuration.operationIdentifiers.rawValue,
                "\(configuration.isStrictSchema)", "\(configuration.selectionSetInitializers)",
                configuration.operationManifest.map { path($0.path) + " " + $0.format.rawValue } ?? "-",
                configuration.testMocks.map { path($0.path) + " " + ($0.schemaTypesModule ?? "-") } ?? "-",
                configuration.fieldPolicies.map {
                    "\($0.typeName).\($0.fieldName) \($0.merge) \($0.keyArguments ?? []) \($0.paginationArguments ?? [])"
                        + " \($0.offsetArgument)"
                }.joined(separator: ";"),
            ]
        }

        var description: String { fields.joined(separator: "\n") }
    }

    /// A random configuration drawn from `generator`, based in `base`.
    static func randomConfiguration(_ generator: inout SeededGenerator, base: String) -> CodegenConfiguration {
        let words = ["Schema", "ops", "..", "Sources", "My Kit", "**", "*.graphql", "a\"b", "ünï", "back\\slash"]
        func path() -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: "/")
        }
        var configuration = CodegenConfiguration(
            schemaNamespace: ["API", "ShopAPI", "Kit_2"].randomElement(using: &generator)!,
            schemaSearchPaths: (0..<Int.random(in: 1...3, using: &generator)).map { _ in path() },
            operationSearchPaths: (0..<Int.random(in: 1...3, using: &generator)).map { _ in path() },
            schemaTypesPath: path(), operationsPath: Bool.random(using: &generator) ? path() : nil,
            baseDirectory: base)
        if Bool.random(using: &generator) {
            configuration.customScalars = ["Long": "Int64", "Date\"Time": "Foundation.Date"]
        }
        if Bool.random(using: &generator) { configuration.accessLevel = .internal }
        if Bool.random(using: &generator) { configuration.operationIdentifiers = .apollo }
        configuration.isStrictSchema = Bool.random(using: &generator)
        configuration.selectionSetInitializers = Bool.random(using: &generator)
        if Bool.random(using: &generator) {
            configuration.operationManifest = .init(
                path: path(), format: Bool.random(using: &generator) ? .legacy : .persistedQueries)
        }
        if Bool.random(using: &generator) {
            configuration.testMocks = .init(
                path: path(), schemaTypesModule: Bool.random(using: &generator) ? "Kit" : nil)
        }
        if Bool.random(using: &generator) {
            configuration.fieldPolicies = [
                FieldPolicyOption(typeName: "Query", fieldName: "feed", merge: .relayConnection, keyArguments: ["tag"]),
                FieldPolicyOption(
                    typeName: "Query", fieldName: "list", merge: .offsetList, paginationArguments: ["skip", "take"],
                    offsetArgument: "skip"),
            ]
        }
        return configuration
    }

    @Test("500 seeded configurations read back the same, written for their own folder or another", arguments: [1, 2])
    func seededRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let base = "/kit/Sources/App"
        for index in 0..<250 {
            let configuration = Self.randomConfiguration(&generator, base: base)
            for folder in [base, "/kit", "/kit/Sources/App/Config", "/elsewhere"] {
                let text = configuration.jsonText(forFolder: folder)
                let read = try CodegenConfiguration.parse(text, file: "apicore.json", baseDirectory: folder)
                #expect(
                    Meaning(read) == Meaning(configuration),
                    "seed \(seed), case \(index), folder \(folder):\n\(text)")
            }
        }
    }

    @Test("the corpus apps' Apollo configurations convert to apicore.json with the same meaning")
    func corpusApps() throws {
        let apps = CorpusSet.root + "/../../shared/corpus/apps"
        let names = try FileManager.default.contentsOfDirectory(atPath: apps).sorted()
        #expect(names.count >= 2)
        for name in names {
            let path = apps + "/" + name + "/apollo-codegen-config.json"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let apollo = try CodegenConfiguration.load(from: path)
            let folder = apps + "/" + name
            let read = try CodegenConfiguration.parse(
                apollo.jsonText(forFolder: folder), file: "apicore.json", baseDirectory: folder)
            #expect(Meaning(read) == Meaning(apollo), "\(name)")
        }
    }
}
