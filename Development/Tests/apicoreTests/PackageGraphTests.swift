import APICoreTestSupport
import Foundation
import Testing

/// What an app resolves when it adds the library: an app package of its own, made in a temporary folder, depends on
/// this checkout by path (and, for a Linux service, on the SwiftNIO transports' package, `APICoreNIO/`) and is
/// resolved with `swift package resolve`. The packages pinned in its `Package.resolved` are every package SwiftPM
/// fetched for it.
@Suite("The package graph an app resolves", .serialized)
struct PackageGraphTests {
    /// The library package, the repository root.
    static let root = RepositoryLayout.root

    /// What the library products link: swift-log (logging), GRDB (the SQLite cache), swift-argument-parser (the
    /// `apicore` tool the build plugin runs) and swift-metrics (the `APICoreSwiftMetrics` product).
    static let libraryPackages: Set = ["swift-log", "grdb.swift", "swift-argument-parser", "swift-metrics"]

    /// Packages no app should fetch because of this library: the demo server's web framework and GraphQL executor,
    /// documentation tooling. (AsyncHTTPClient itself brings swift-crypto, swift-service-lifecycle and
    /// swift-configuration to a Linux app that adds `APICoreNIO`.)
    static let developmentOnly = ["hummingbird", "hummingbird-websocket", "graphql", "swift-docc-plugin"]

    @Test("an iOS app using APICoreKit, APICoreSQLite and APICoreWebSocket resolves at most 4 packages, no server")
    func appleApp() async throws {
        let pins = try await Self.resolve()
        #expect(pins.count <= 4, "\(pins.sorted())")
        #expect(Set(pins).isSubset(of: Self.libraryPackages), "\(pins.sorted())")
        #expect(!pins.contains { $0.hasPrefix("swift-nio") || $0 == "async-http-client" }, "\(pins.sorted())")
    }

    @Test("a Linux app that adds APICoreNIO gets the transports' packages and still no server or tooling")
    func linuxAppWithTransports() async throws {
        let pins = Set(try await Self.resolve(withTransports: true))
        #expect(pins.isSuperset(of: Self.libraryPackages.union(["async-http-client", "swift-nio", "swift-websocket"])))
        for name in Self.developmentOnly {
            #expect(!pins.contains(name), "\(name) is resolved: \(pins.sorted())")
        }
    }

    @Test("the library manifest declares only the four packages its products link, and no trait")
    func libraryManifest() async throws {
        let result = try await ChildProcess.run(
            ["swift", "package", "dump-package", "--package-path", Self.root.path], in: Self.root)
        try #require(result.status == 0, "swift package dump-package failed: \(result.error)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any])
        let dependencies = try #require(manifest["dependencies"] as? [[String: Any]])
        let names = dependencies.compactMap { dependency -> String? in
            let source = (dependency["sourceControl"] as? [[String: Any]])?.first
            return (source?["identity"] as? String)?.lowercased()
        }
        #expect(Set(names) == Self.libraryPackages, "\(names.sorted())")
        #expect((manifest["traits"] as? [Any] ?? []).isEmpty)
    }

    /// Resolves an app package that depends on the library's three products (and on `APICoreNIO`'s, with
    /// `withTransports`) and returns the identities of the packages pinned.
    static func resolve(withTransports: Bool = false) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicore-app-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let identity = root.lastPathComponent.lowercased()
        let transports = root.appendingPathComponent("APICoreNIO")
        let nioPackage = withTransports ? ", .package(path: \"\(transports.path)\")" : ""
        let nioProduct = withTransports ? ", .product(name: \"APICoreNIO\", package: \"APICoreNIO\")" : ""
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.iOS(.v17), .macOS(.v14)],
                dependencies: [.package(path: "\(root.path)")\(nioPackage)],
                targets: [
                    .executableTarget(
                        name: "App",
                        dependencies: [
                            .product(name: "APICoreKit", package: "\(identity)"),
                            .product(name: "APICoreSQLite", package: "\(identity)"),
                            .product(name: "APICoreWebSocket", package: "\(identity)")\(nioProduct),
                        ])
                ]
            )
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let main = "import APICoreKit\nimport APICoreSQLite\nimport APICoreWebSocket\n"
        try Data(main.utf8).write(to: sources.appendingPathComponent("main.swift"))
        let result = try await ChildProcess.run(
            ["swift", "package", "resolve", "--scratch-path", folder.appendingPathComponent(".build").path],
            in: folder)
        try #require(result.status == 0, "swift package resolve failed: \(result.error)")
        let resolved = try Data(contentsOf: folder.appendingPathComponent("Package.resolved"))
        let object = try #require(try JSONSerialization.jsonObject(with: resolved) as? [String: Any])
        let pins = try #require(object["pins"] as? [[String: Any]])
        return pins.compactMap { $0["identity"] as? String }
    }
}
