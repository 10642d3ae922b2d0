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

    /// The committed configuration with `testMocks.absolute`, as a Swift package's public schema types and as
    /// internal ones embedded in an app target: the mocks import the one and see the other through a testable import.
    @Test("bcc-media-tvos's mocks in a target of their own compile, from a package's schema types and an app's")
    func mocksCompile() async throws {
        try Self.writeInputs()
        let package = try Self.configuration("apollo-codegen-config.json") { output in
            output["testMocks"] = ["absolute": ["path": "./Mocks"]]
        }
        #expect(package.warnings.isEmpty, "\(package.warnings)")
        #expect(package.testMocks == .init(path: "./Mocks", schemaTypesModule: "API"))
        let embedded = try Self.configuration("embedded-codegen-config.json") { output in
            output["schemaTypes"] = ["path": "./App", "moduleType": ["embeddedInTarget": ["name": "App"]]]
            output["testMocks"] = ["absolute": ["path": "./AppMocks"]]
        }
        #expect(embedded.accessLevel == .internal)
        for (configuration, header) in [(package, "\nimport API\n"), (embedded, "\n@testable import App\n")] {
            let files = try CodeGenerator().generate(configuration: configuration)
            let mocks = try #require(files.first { $0.path.contains("Mocks/") })
            #expect(mocks.contents.contains(header))
            // Written as `apicore generate` writes them: unchanged files keep their dates, so a second run builds less.
            _ = try GeneratedFileWriter(folders: configuration.outputFolders).write(
                files.map { GeneratedFile(path: configuration.resolved($0.path), contents: $0.contents) })
        }
        try Self.writeManifest()

        let build = try await PackageBuilds.swift(["build", "--package-path", Self.package])
        let errors = build.text.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            build.status == 0,
            "the mocks do not compile (\(errors.count) errors):\n\(errors.prefix(40).joined(separator: "\n"))")
    }

    /// The app's schema and operations in the scratch package, where its configuration looks for them.
    static func writeInputs() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: package + "/Queries", withIntermediateDirectories: true)
        try HostileCorpus.write(
            try String(contentsOfFile: app + "/schema.json", encoding: .utf8), to: package + "/schema.json")
        for file in try manager.contentsOfDirectory(atPath: app + "/operations") where file.hasSuffix(".graphql") {
            try HostileCorpus.write(
                try String(contentsOfFile: "\(app)/operations/\(file)", encoding: .utf8),
                to: "\(package)/Queries/\(file)")
        }
    }

    /// The app's committed configuration with its `output` changed by `change`, written as `name` in the scratch
    /// package; the configuration as read.
    static func configuration(
        _ name: String, changing change: (inout [String: Any]) -> Void
    ) throws -> CodegenConfiguration {
        let committed = try Data(contentsOf: URL(fileURLWithPath: app + "/apollo-codegen-config.json"))
        var root = try #require(try JSONSerialization.jsonObject(with: committed) as? [String: Any])
        var output = try #require(root["output"] as? [String: Any])
        change(&output)
        root["output"] = output
        let text = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        try HostileCorpus.write(String(decoding: text, as: UTF8.self), to: "\(package)/\(name)")
        return try CodegenConfiguration.load(from: "\(package)/\(name)")
    }

    /// The package: the runtime and the test-mock support (links to their sources), `API` (the schema types and
    /// operations under `Sources`) with `APIMocks` (its mocks), and `App` (the same, embedded, internal) with
    /// `AppMocks`, each with warnings as errors.
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
                    .target(name: "App", dependencies: ["APICoreGraphQL"], path: "App", swiftSettings: strict),
                    .target(
                        name: "AppMocks", dependencies: ["App", "APICoreTestMocks"], path: "AppMocks",
                        swiftSettings: strict),
                ],
                swiftLanguageModes: [.v6]
            )

            """, to: package + "/Package.swift")
    }
}
