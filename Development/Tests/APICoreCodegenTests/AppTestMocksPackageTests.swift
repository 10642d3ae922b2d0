import APICoreCodegen
import APICoreTestSupport
import Foundation
import Testing

/// A real app's Apollo configuration asking for test mocks in a target of their own: what it generates is laid out as
/// the app's package would hold it and compiled with warnings as errors, so the mocks are known to find the schema
/// types they build.
// Minutes of building: see PackageBuilds for when it runs.
@Suite("An app's test mocks in a target of their own", .enabled(if: PackageBuilds.areEnabled))
struct AppTestMocksPackageTests {
    /// The scratch package, kept between runs so that a second run builds incrementally.
    static let package = CorpusSet.root + "/.build/app-test-mocks"
    static let app = ApolloAppConfigurationTests.corpus + "/bcc-media-tvos"

    @Test("bcc-media-tvos's configuration with testMocks.absolute generates mocks that import API and compile")
    func mocksCompile() async throws {
        let configuration = try Self.writeApp()
        #expect(configuration.warnings.isEmpty, "\(configuration.warnings)")
        #expect(configuration.testMocks == .init(path: "./Mocks", schemaTypesModule: "API"))
        let files = try CodeGenerator().generate(configuration: configuration)
        let mocks = try #require(files.first { $0.path.contains("Mocks/") })
        #expect(mocks.contents.contains("\nimport API\n"))
        // Written as `apicore generate` writes them: unchanged files keep their dates, so a second run builds less.
        _ = try GeneratedFileWriter(folders: configuration.outputFolders).write(
            files.map { GeneratedFile(path: configuration.resolved($0.path), contents: $0.contents) })
        try Self.writeManifest()

        let build = try await PackageBuilds.swift(["build", "--package-path", Self.package])
        let errors = build.text.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            build.status == 0,
            "the mocks do not compile (\(errors.count) errors):\n\(errors.prefix(40).joined(separator: "\n"))")
    }

    /// The app's schema, operations and configuration in the scratch package, the configuration's test mocks set to
    /// `{"absolute": {"path": "./Mocks"}}`; the configuration as read.
    static func writeApp() throws -> CodegenConfiguration {
        let manager = FileManager.default
        try manager.createDirectory(atPath: package + "/Queries", withIntermediateDirectories: true)
        try HostileCorpus.write(
            try String(contentsOfFile: app + "/schema.json", encoding: .utf8), to: package + "/schema.json")
        for file in try manager.contentsOfDirectory(atPath: app + "/operations") where file.hasSuffix(".graphql") {
            try HostileCorpus.write(
                try String(contentsOfFile: "\(app)/operations/\(file)", encoding: .utf8),
                to: "\(package)/Queries/\(file)")
        }
        let committed = try Data(contentsOf: URL(fileURLWithPath: app + "/apollo-codegen-config.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: committed) as? [String: Any])
        var output = try #require(root["output"] as? [String: Any])
        output["testMocks"] = ["absolute": ["path": "./Mocks"]]
        root["output"] = output
        let text = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        try HostileCorpus.write(String(decoding: text, as: UTF8.self), to: package + "/apollo-codegen-config.json")
        return try CodegenConfiguration.load(from: package + "/apollo-codegen-config.json")
    }

    /// The package: the runtime and the test-mock support (links to their sources), `API` (the schema types and
    /// operations under `Sources`) and `APIMocks` (the mocks), each with warnings as errors.
    static func writeManifest() throws {
        try HostileCorpus.linkRuntime(into: package)
        try HostileCorpus.write(
            """
            // swift-tools-version: 6.0
            // Written by AppTestMocksPackageTests: an app's generated code with its test mocks in a target of their own.
            import PackageDescription

            let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
            let package = Package(
                name: "AppTestMocks",
                platforms: [.macOS(.v14), .iOS(.v17)],
                targets: [
            \(HostileCorpus.runtimeTargets)
                    .target(name: "API", dependencies: ["APICoreGraphQL"], path: "Sources", swiftSettings: strict),
                    .target(
                        name: "APIMocks", dependencies: ["API", "APICoreTestMocks"], path: "Mocks",
                        swiftSettings: strict),
                ],
                swiftLanguageModes: [.v6]
            )

            """, to: package + "/Package.swift")
    }
}
