// swift-tools-version: 6.2
import PackageDescription

// The library package: what an app links, and nothing else. SwiftPM resolves every package a dependency's manifest
// declares for its products, so this manifest declares only what the library products use; the demo, the example
// kits, the benchmarks, the fuzz targets, the tests and their servers live in the development package
// (`Development/Package.swift`), which depends on this one by path.
//
// CI (and anyone who sets APICORE_STRICT) builds the library's targets with every warning as an error; an app that
// depends on the package never sees it.
let strict = Context.environment["APICORE_STRICT"] != nil
let swiftSettings: [SwiftSetting] = strict ? [.treatAllWarnings(as: .error)] : []

let package = Package(
    name: "APICoreKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "APICoreGraphQL", targets: ["APICoreGraphQL"]),
        .library(name: "APICoreScalars", targets: ["APICoreScalars"]),
        .library(name: "APICoreJSON", targets: ["APICoreJSON"]),
        .library(name: "APICoreKit", targets: ["APICoreKit"]),
        .library(name: "APICoreCache", targets: ["APICoreCache"]),
        .library(name: "APICoreSQLite", targets: ["APICoreSQLite"]),
        .library(name: "APICoreSwiftMetrics", targets: ["APICoreSwiftMetrics"]),
        .library(name: "APICoreTesting", targets: ["APICoreTesting"]),
        .library(name: "APICoreTestMocks", targets: ["APICoreTestMocks"]),
        .library(name: "APICoreWebSocket", targets: ["APICoreWebSocket"]),
        .library(name: "APICoreCompiler", targets: ["APICoreCompiler"]),
        .library(name: "APICoreCodegen", targets: ["APICoreCodegen"]),
        .library(name: "APICoreDynamic", targets: ["APICoreDynamic"]),
        // The subcommands of `apicore`, for a build of the tool on other transports (`apicore-nio`).
        .library(name: "APICoreCommands", targets: ["APICoreCommands"]),
        .executable(name: "apicore", targets: ["apicore"]),
        .plugin(name: "APICoreCodegenPlugin", targets: ["APICoreCodegenPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // What generated code imports, and nothing else: its release text is what every app pays for the runtime.
        // It imports no Foundation, which would link the C math library for the rounding that reading an `Int` from a
        // `Double` inlines; an app that links only this module links it here.
        .target(
            name: "APICoreGraphQL", swiftSettings: swiftSettings,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]),
        // The built-in custom scalar types (`Date`, `URL`, `UUID`, `Decimal`, `Int64`, `UInt64`,
        // `GraphQLCalendarDate`), files to upload (`GraphQLFile`) and fragment arguments: generated code imports it
        // only when the configuration maps a scalar to one of them, the operations use a file scalar or a fragment
        // declares variables.
        .target(name: "APICoreScalars", dependencies: ["APICoreGraphQL"], swiftSettings: swiftSettings),
        // JSON on the wire: the fast reader and the writer of `JSONValue`, `Codable` over them, the GraphQL response
        // envelope read from it (with null propagation) and document hashes; the client, the cache and the tools
        // use it, generated code does not.
        .target(name: "APICoreJSON", dependencies: ["APICoreGraphQL", "APICoreScalars"], swiftSettings: swiftSettings),
        .target(
            name: "APICoreKit",
            dependencies: [
                "APICoreGraphQL", "APICoreScalars", "APICoreJSON", "APICoreCache",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "APICoreCache", dependencies: ["APICoreGraphQL", "APICoreJSON"], swiftSettings: swiftSettings),
        // SQLite persistence of the cache, the entity store and the mutation queue.
        .target(
            name: "APICoreSQLite",
            dependencies: [
                "APICoreCache", "APICoreGraphQL", "APICoreJSON", "APICoreKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "APICoreSwiftMetrics",
            dependencies: ["APICoreKit", .product(name: "Metrics", package: "swift-metrics")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "APICoreTesting", dependencies: ["APICoreKit", "APICoreTestMocks"], swiftSettings: swiftSettings),
        // What generated test mocks import: builders of schema objects turned into response data. Apart from
        // APICoreTesting so that a mocks target needs neither the client nor the cache: only the runtime that
        // generated code imports, and APICoreJSON for the operations compiled at run time.
        .target(
            name: "APICoreTestMocks", dependencies: ["APICoreGraphQL", "APICoreJSON"], swiftSettings: swiftSettings),
        // Subscriptions over WebSocket: URLSessionWebSocketTask on Apple platforms; on Linux, where Foundation's fails
        // at run time, the connector of the SwiftNIO transports' package (`APICoreNIO/`).
        .target(
            name: "APICoreWebSocket",
            dependencies: [
                "APICoreKit", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "APICoreCompiler", swiftSettings: swiftSettings),
        .target(
            name: "APICoreCodegen", dependencies: ["APICoreCompiler", "APICoreGraphQL", "APICoreJSON"],
            swiftSettings: swiftSettings),
        // Operations compiled at run time from documents validated against a schema the app loads, run by the client
        // like generated ones.
        .target(
            name: "APICoreDynamic",
            dependencies: ["APICoreCodegen", "APICoreCompiler", "APICoreGraphQL", "APICoreJSON", "APICoreScalars"],
            swiftSettings: swiftSettings),
        // `apicore generate` and what every subcommand shares, apart from the rest of the command line: the build
        // plugin's tool links only this and the code generator.
        .target(
            name: "APICoreGenerateCommand",
            dependencies: [
                "APICoreCompiler", "APICoreCodegen", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "apicore-generate", dependencies: ["APICoreGenerateCommand"], swiftSettings: swiftSettings),
        .target(
            name: "APICoreCommands",
            dependencies: [
                "APICoreKit", "APICoreJSON", "APICoreWebSocket", "APICoreCompiler", "APICoreCodegen",
                "APICoreGenerateCommand", "APICoreSQLite", "APICoreDynamic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "apicore", dependencies: ["APICoreCommands"], swiftSettings: swiftSettings),
        .plugin(name: "APICoreCodegenPlugin", capability: .buildTool(), dependencies: ["apicore-generate"]),
    ],
    swiftLanguageModes: [.v6]
)
