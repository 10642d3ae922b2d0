// swift-tools-version: 6.0
import PackageDescription

// CI (and anyone who sets APICORE_STRICT) builds the project's own targets with every warning as an error. The
// compiler flag, because `treatAllWarnings(as:)` needs tools 6.2; a package that depends on this one never sees it.
let strict = Context.environment["APICORE_STRICT"] != nil
let swiftSettings: [SwiftSetting] = strict ? [.unsafeFlags(["-warnings-as-errors"])] : []
// Where APICoreKit links AsyncHTTPClient (its default transport there); Apple platforms use URLSession.
let linux: [Platform] = [.linux, .android]

let package = Package(
    name: "APICoreKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "APICoreGraphQL", targets: ["APICoreGraphQL"]),
        .library(name: "APICoreKit", targets: ["APICoreKit"]),
        .library(name: "APICoreCache", targets: ["APICoreCache"]),
        .library(name: "APICoreSQLite", targets: ["APICoreSQLite"]),
        .library(name: "APICoreSwiftMetrics", targets: ["APICoreSwiftMetrics"]),
        .library(name: "APICoreTesting", targets: ["APICoreTesting"]),
        .library(name: "APICoreTestMocks", targets: ["APICoreTestMocks"]),
        .library(name: "APICoreWebSocket", targets: ["APICoreWebSocket"]),
        .library(name: "APICoreCompiler", targets: ["APICoreCompiler"]),
        .library(name: "APICoreCodegen", targets: ["APICoreCodegen"]),
        .executable(name: "apicore", targets: ["apicore"]),
        .executable(name: "apicore-demo", targets: ["apicore-demo"]),
        .executable(name: "apicore-bench", targets: ["apicore-bench"]),
        .plugin(name: "APICoreCodegenPlugin", targets: ["APICoreCodegenPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // The fault-injecting test server, and the AsyncHTTPClient transport on Linux.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The default HTTP transport on Linux; Apple platforms keep URLSession and do not link it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // AsyncHTTPClient's tracing: the transport leaves it off while no tracer is bootstrapped.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // AsyncHTTPClient's TLS layer: the transport tells certificate failures apart, its tests set trust roots.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Only the example DemoServer uses these; no library product depends on them.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        // The DemoServer's digest of each uploaded file, computed apart from the client's own SHA-256.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `swift package generate-documentation` for scripts/docs.sh; a command plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "APICoreGraphQL", swiftSettings: swiftSettings),
        .target(
            name: "APICoreKit",
            dependencies: [
                "APICoreGraphQL", "APICoreCache", .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: linux)),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: linux)),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: linux)),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: linux)),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(platforms: linux)),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "APICoreCache", dependencies: ["APICoreGraphQL"], swiftSettings: swiftSettings),
        // SQLite persistence of the cache and the entity store; its crash test drives a child writer process.
        .target(
            name: "APICoreSQLite",
            dependencies: [
                "APICoreCache", "APICoreGraphQL", "APICoreKit", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "APICoreSQLiteCrashWriter",
            dependencies: ["APICoreSQLite", "APICoreCache", "APICoreGraphQL"],
            path: "Tests/APICoreSQLiteCrashWriter",
            swiftSettings: swiftSettings
        ),
        // A child process that enqueues mutations and replays them, for the test that kills it with SIGKILL.
        .executableTarget(
            name: "APICoreMutationQueueCrashApp",
            dependencies: ["APICoreSQLite", "APICoreKit", "APICoreGraphQL", "APICoreTestSupport"],
            path: "Tests/APICoreMutationQueueCrashApp",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreSQLiteTests",
            dependencies: [
                "APICoreSQLite", "APICoreCache", "APICoreGraphQL", "APICoreKit", "APICoreSQLiteCrashWriter",
                "APICoreMutationQueueCrashApp", "APICoreTestSupport",
                "GitHubApolloFixture", .product(name: "GRDB", package: "GRDB.swift"),
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
        // APICoreTesting so that a mocks target needs nothing but the runtime that generated code imports.
        .target(name: "APICoreTestMocks", dependencies: ["APICoreGraphQL"], swiftSettings: swiftSettings),
        // Subscriptions over WebSocket: swift-websocket's NIO client on Linux, URLSessionWebSocketTask on Apple
        // platforms (Foundation's fails at run time on Linux).
        .target(
            name: "APICoreWebSocket",
            dependencies: [
                "APICoreKit", .product(name: "Logging", package: "swift-log"),
                .product(name: "WSClient", package: "swift-websocket", condition: .when(platforms: [.linux])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreWebSocketTests",
            dependencies: ["APICoreWebSocket", "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        .target(name: "APICoreCompiler", swiftSettings: swiftSettings),
        .target(
            name: "APICoreCodegen", dependencies: ["APICoreCompiler", "APICoreGraphQL"], swiftSettings: swiftSettings),
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
                "APICoreKit", "APICoreWebSocket", "APICoreCompiler", "APICoreCodegen", "APICoreGenerateCommand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "apicore", dependencies: ["APICoreCommands"], swiftSettings: swiftSettings),
        .plugin(name: "APICoreCodegenPlugin", capability: .buildTool(), dependencies: ["apicore-generate"]),
        .executableTarget(
            name: "apicore-bench",
            dependencies: [
                "APICoreCompiler", "APICoreGraphQL", "APICoreCache", "APICoreKit", "APICoreSQLite", "APICoreCodegen",
                "GitHubApolloFixture", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
            ],
            path: "Benchmarks/APICoreBenchmarks",
            swiftSettings: swiftSettings
        ),

        .target(
            name: "APICoreTestSupport",
            dependencies: [
                "APICoreGraphQL", "APICoreCache", "APICoreKit", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/APICoreTestSupport",
            swiftSettings: swiftSettings
        ),
        // The code generator's output for corpus sets (written by APICoreCodegenTests into the fixture package),
        // compiled here too so that runtime tests use real generated types.
        .target(
            name: "StarWarsFixture", dependencies: ["APICoreGraphQL"],
            path: "Tests/Fixtures/GeneratedCode/Sources/StarWars"),
        .target(
            name: "GitHubApolloFixture", dependencies: ["APICoreGraphQL"],
            path: "Tests/Fixtures/GeneratedCode/Sources/GitHubApollo"),
        .target(
            name: "GitHawkFixture", dependencies: ["APICoreGraphQL"],
            path: "Tests/Fixtures/GeneratedCode/Sources/GitHawk"),
        // Star Wars's test mocks, for the encoder's tests.
        .target(
            name: "StarWarsMocksFixture", dependencies: ["APICoreGraphQL", "APICoreTestMocks", "StarWarsFixture"],
            path: "Tests/Fixtures/GeneratedCode/Sources/StarWarsTestMocks"),
        // GitHawk's test mocks, for the test that serves an issue built with them.
        .target(
            name: "GitHawkMocksFixture", dependencies: ["APICoreGraphQL", "APICoreTestMocks", "GitHawkFixture"],
            path: "Tests/Fixtures/GeneratedCode/Sources/GitHawkTestMocks"),
        // Built with the project's settings, so that under APICORE_STRICT the escaping corpus compiles with every
        // warning as an error in each test run, not only when the fixture package is built.
        .target(
            name: "EscapingFixture", dependencies: ["APICoreGraphQL"],
            path: "Tests/Fixtures/GeneratedCode/Sources/Escaping", swiftSettings: swiftSettings),
        .testTarget(
            name: "APICoreCacheTests",
            dependencies: [
                "APICoreCache", "APICoreTestSupport", "StarWarsFixture", "GitHubApolloFixture", "GitHawkFixture",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreGraphQLTests",
            dependencies: ["APICoreGraphQL", "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        // Uploads a file (or sends a small query) in a process of its own and prints its peak memory, for
        // UploadMemoryTests.
        .executableTarget(
            name: "APICoreUploadProbe",
            dependencies: ["APICoreKit", "APICoreTestSupport"],
            path: "Tests/APICoreUploadProbe",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreKitTests",
            dependencies: [
                "APICoreKit", "APICoreTesting", "APICoreSwiftMetrics", "APICoreTestSupport", "APICoreSQLite",
                "APICoreUploadProbe",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: linux)),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: linux)),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(platforms: linux)),
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing", condition: .when(platforms: linux)),
            ],
            swiftSettings: swiftSettings
        ),
        // The package attacked from outside: a loopback server that misbehaves on purpose, and hostile responses.
        .testTarget(
            name: "APICoreFaultTests",
            dependencies: [
                "APICoreKit", "APICoreCache", "APICoreGraphQL", "APICoreWebSocket", "StarWarsFixture",
                "APICoreTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreCompilerTests",
            dependencies: ["APICoreCompiler", "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreCodegenTests",
            dependencies: [
                "APICoreCodegen", "APICoreCompiler", "APICoreGraphQL", "APICoreCache", "APICoreSQLite",
                "APICoreTestSupport", "EscapingFixture",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreTestMocksTests",
            dependencies: ["APICoreTestMocks", "APICoreGraphQL", "StarWarsFixture", "StarWarsMocksFixture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreTestingTests",
            dependencies: [
                "APICoreTesting", "APICoreTestMocks", "APICoreTestSupport", "GitHawkFixture", "GitHawkMocksFixture",
            ],
            swiftSettings: swiftSettings
        ),
        // Examples: the demo backend (GraphQL over HTTP and WebSocket, and REST) on loopback. Of this package it uses
        // only the lock in APICoreGraphQL.
        .target(
            name: "DemoServerKit",
            dependencies: [
                "APICoreGraphQL",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Examples/DemoServer/DemoServerKit",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "apicore-demo-server",
            dependencies: ["DemoServerKit"],
            path: "Examples/DemoServer/apicore-demo-server",
            swiftSettings: swiftSettings
        ),
        // Examples: the feature kits. Each keeps its schema (split from Examples/Schema/app.graphqls), its operations
        // and the code generated from them under GraphQL/, its domain models, a repository protocol and a service.
        .target(
            name: "SharedKit",
            dependencies: [
                "APICoreKit", .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            path: "Examples/SharedKit",
            exclude: ["GraphQL"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "UserKit",
            dependencies: ["SharedKit", "APICoreKit", "APICoreGraphQL"],
            path: "Examples/UserKit",
            exclude: ["GraphQL/Schema", "GraphQL/Operations", "apicore.json"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ProductKit",
            dependencies: ["SharedKit", "APICoreKit", "APICoreGraphQL", "APICoreSQLite"],
            path: "Examples/ProductKit",
            exclude: ["GraphQL/Schema", "GraphQL/Operations", "apicore.json"],
            swiftSettings: swiftSettings
        ),
        // The kits' test mocks (their apicore.json's output.testMocks), for their tests only.
        .target(
            name: "UserKitTestMocks", dependencies: ["UserKit", "APICoreGraphQL", "APICoreTestMocks"],
            path: "Examples/UserKitTestMocks", swiftSettings: swiftSettings),
        .target(
            name: "ProductKitTestMocks", dependencies: ["ProductKit", "APICoreGraphQL", "APICoreTestMocks"],
            path: "Examples/ProductKitTestMocks", swiftSettings: swiftSettings),
        .testTarget(
            name: "FeatureKitTests",
            dependencies: [
                "UserKit", "ProductKit", "SharedKit", "DemoServerKit", "APICoreKit", "APICoreTesting",
                "UserKitTestMocks", "ProductKitTestMocks",
                "APICoreWebSocket", "APICoreSQLite", "APICoreTestSupport", "APICoreCodegen",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Examples: the app layer (dependency container, view models, the command-line front end) and the main job.
        .target(
            name: "DemoApp",
            dependencies: [
                "UserKit", "ProductKit", "SharedKit", "APICoreKit", "APICoreSQLite", "APICoreWebSocket",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/DemoApp/DemoApp",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "apicore-demo",
            dependencies: ["DemoApp", "DemoServerKit"],
            path: "Examples/DemoApp/apicore-demo",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoAppTests",
            dependencies: [
                "DemoApp", "DemoServerKit", "UserKit", "ProductKit", "SharedKit", "APICoreKit", "APICoreTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoServerTests",
            dependencies: [
                "DemoServerKit", "APICoreKit", "APICoreWebSocket", "APICoreGraphQL",
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "apicoreTests",
            dependencies: ["apicore", "APICoreGraphQL", "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
