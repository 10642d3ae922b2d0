// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The development package: everything that builds, runs and tests the library but that no app links. The tests of
// every library module, the demo (server and app) and the example feature kits, the benchmarks, the crash-test child
// processes and the Xcode 26-defaults fixture. It depends on the library package (the folder above) and on the
// SwiftNIO transports' package (`APICoreNIO/`) by path, so that Linux runs the transports a Linux app uses; an app
// that depends on the library never resolves anything declared here.
//
//   swift run --package-path Development apicore-demo     the demo app on its embedded demo server
//   swift test --package-path Development                 the whole test suite

// CI (and anyone who sets APICORE_STRICT) builds every target with every warning as an error.
let strict = Context.environment["APICORE_STRICT"] != nil
let swiftSettings: [SwiftSetting] = strict ? [.treatAllWarnings(as: .error)] : []
let linux: [Platform] = [.linux, .android]

// A path dependency's identity is its folder's name, which is the clone's name and so not known here.
let library = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

// A module built as a new Xcode 26 app target is: the main actor as default isolation and "approachable
// concurrency", every warning an error. The fixture that proves generated code and the library work there.
let xcode26AppTarget: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .treatAllWarnings(as: .error),
]

/// A product of the library package.
func lib(_ name: String) -> Target.Dependency { .product(name: name, package: library) }
/// The SwiftNIO transports (`AsyncHTTPClientTransport`, `NIOWebSocketConnector`), what a Linux app adds.
let nio: Target.Dependency = .product(name: "APICoreNIO", package: "APICoreNIO")

let package = Package(
    name: "APICoreKitDevelopment",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .executable(name: "apicore-demo", targets: ["apicore-demo"]),
        .executable(name: "apicore-demo-server", targets: ["apicore-demo-server"]),
        .executable(name: "apicore-bench", targets: ["apicore-bench"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(path: "../APICoreNIO"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The fault-injecting test server and the test support's loopback servers.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The benchmark's bare-client baseline and the transport's tests.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The demo server: Hummingbird, a GraphQL executor, and its digest of uploaded files.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "APICoreSQLiteCrashWriter",
            dependencies: [
                lib("APICoreScalars"),
                lib("APICoreSQLite"), lib("APICoreCache"), lib("APICoreGraphQL"), "APICoreTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/APICoreSQLiteCrashWriter",
            swiftSettings: swiftSettings
        ),
        // A child process that enqueues mutations and replays them, for the test that kills it with SIGKILL.
        .executableTarget(
            name: "APICoreMutationQueueCrashApp",
            dependencies: [lib("APICoreSQLite"), lib("APICoreKit"), lib("APICoreGraphQL"), "APICoreTestSupport"],
            path: "Tests/APICoreMutationQueueCrashApp",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreSQLiteTests",
            dependencies: [
                lib("APICoreScalars"),
                lib("APICoreSQLite"), lib("APICoreCache"), lib("APICoreGraphQL"), lib("APICoreJSON"), lib("APICoreKit"),
                lib("APICoreDynamic"), "APICoreSQLiteCrashWriter",
                "APICoreMutationQueueCrashApp", "APICoreTestSupport",
                "GitHubApolloFixture", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "apicore-bench",
            dependencies: [
                lib("APICoreScalars"),
                "DevelopmentSupport", "SeededGeneration",
                lib("APICoreCompiler"), lib("APICoreGraphQL"), lib("APICoreJSON"), lib("APICoreCache"),
                lib("APICoreKit"),
                lib("APICoreSQLite"), lib("APICoreCodegen"),
                "GitHubApolloFixture", "StarWarsFixture", .product(name: "Hummingbird", package: "hummingbird"), nio,
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
            ],
            path: "Benchmarks/APICoreBenchmarks",
            swiftSettings: swiftSettings
        ),

        // Seeded pseudo-random values and valid random operations over any schema: for the property tests (through
        // APICoreTestSupport) and the benchmarks' generated workloads.
        .target(
            name: "SeededGeneration",
            dependencies: [lib("APICoreScalars"), lib("APICoreCompiler"), lib("APICoreGraphQL"), lib("APICoreJSON")],
            path: "Tests/SeededGeneration",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "APICoreTestSupport",
            dependencies: [
                "SeededGeneration", lib("APICoreGraphQL"), lib("APICoreScalars"), lib("APICoreJSON"),
                lib("APICoreCache"), lib("APICoreKit"), lib("APICoreDynamic"), lib("APICoreWebSocket"),
                lib("APICoreCompiler"), nio,
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/APICoreTestSupport",
            swiftSettings: swiftSettings
        ),
        // The code generator's output for corpus sets (written by APICoreCodegenTests into the fixture package),
        // compiled here too so that runtime tests use real generated types.
        .target(
            name: "StarWarsFixture", dependencies: [lib("APICoreGraphQL")],
            path: "Tests/Fixtures/GeneratedCode/Sources/StarWars"),
        .target(
            name: "GitHubApolloFixture", dependencies: [lib("APICoreGraphQL")],
            path: "Tests/Fixtures/GeneratedCode/Sources/GitHubApollo"),
        .target(
            name: "GitHawkFixture", dependencies: [lib("APICoreGraphQL")],
            path: "Tests/Fixtures/GeneratedCode/Sources/GitHawk"),
        // Star Wars's test mocks, for the encoder's tests.
        .target(
            name: "StarWarsMocksFixture",
            dependencies: [lib("APICoreGraphQL"), lib("APICoreTestMocks"), "StarWarsFixture"],
            path: "Tests/Fixtures/GeneratedCode/Sources/StarWarsTestMocks"),
        // GitHawk's test mocks, for the test that serves an issue built with them.
        .target(
            name: "GitHawkMocksFixture",
            dependencies: [lib("APICoreGraphQL"), lib("APICoreTestMocks"), "GitHawkFixture"],
            path: "Tests/Fixtures/GeneratedCode/Sources/GitHawkTestMocks"),
        // Built with the project's settings, so that under APICORE_STRICT the escaping corpus compiles with every
        // warning as an error in each test run, not only when the fixture package is built.
        .target(
            name: "EscapingFixture", dependencies: [lib("APICoreGraphQL")],
            path: "Tests/Fixtures/GeneratedCode/Sources/Escaping", swiftSettings: swiftSettings),
        .testTarget(
            name: "APICoreCacheTests",
            dependencies: [
                lib("APICoreScalars"),
                lib("APICoreCache"), lib("APICoreJSON"), "APICoreTestSupport", "StarWarsFixture", "GitHubApolloFixture",
                "GitHawkFixture",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreJSONTests",
            dependencies: [lib("APICoreScalars"), lib("APICoreJSON"), lib("APICoreGraphQL"), "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreGraphQLTests",
            dependencies: [lib("APICoreScalars"), lib("APICoreGraphQL"), lib("APICoreJSON"), "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreScalarsTests",
            dependencies: [lib("APICoreScalars"), lib("APICoreGraphQL"), lib("APICoreJSON"), "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        // Uploads a file (or sends a small query) in a process of its own and prints its peak memory, for
        // UploadMemoryTests.
        .executableTarget(
            name: "APICoreUploadProbe",
            dependencies: [lib("APICoreKit"), "APICoreTestSupport"],
            path: "Tests/APICoreUploadProbe",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreKitTests",
            dependencies: [
                lib("APICoreKit"), lib("APICoreTesting"), lib("APICoreSwiftMetrics"), "APICoreTestSupport",
                lib("APICoreSQLite"), lib("APICoreDynamic"),
                "APICoreUploadProbe", nio,
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
                lib("APICoreKit"), lib("APICoreCache"), lib("APICoreGraphQL"), lib("APICoreWebSocket"), nio,
                "StarWarsFixture",
                "APICoreTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreWebSocketTests",
            dependencies: [lib("APICoreWebSocket"), lib("APICoreKit"), lib("APICoreDynamic"), "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreCompilerTests",
            dependencies: [lib("APICoreCompiler"), "APICoreTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreCodegenTests",
            dependencies: [
                lib("APICoreScalars"),
                lib("APICoreCodegen"), lib("APICoreCompiler"), lib("APICoreGraphQL"), lib("APICoreJSON"),
                lib("APICoreCache"), lib("APICoreKit"),
                lib("APICoreSQLite"), lib("APICoreDynamic"),
                "APICoreTestSupport", "EscapingFixture",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreTestMocksTests",
            dependencies: [lib("APICoreTestMocks"), lib("APICoreGraphQL"), "StarWarsFixture", "StarWarsMocksFixture"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreTestingTests",
            dependencies: [
                lib("APICoreTesting"), lib("APICoreTestMocks"), lib("APICoreDynamic"), "APICoreTestSupport",
                "GitHawkFixture",
                "GitHawkMocksFixture",
            ],
            swiftSettings: swiftSettings
        ),
        // Examples: the demo backend (GraphQL over HTTP and WebSocket, and REST) on loopback. Of this package it uses
        // only the lock in APICoreGraphQL.
        // What the examples and the benchmarks share that is not the library's: a lock.
        .target(name: "DevelopmentSupport", path: "Examples/DevelopmentSupport", swiftSettings: swiftSettings),
        .target(
            name: "DemoServerKit",
            dependencies: [
                lib("APICoreScalars"), "DevelopmentSupport",
                lib("APICoreGraphQL"),
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
                "DevelopmentSupport",
                lib("APICoreKit"), .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            path: "Examples/SharedKit",
            exclude: ["GraphQL"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "UserKit",
            dependencies: [lib("APICoreScalars"), "SharedKit", lib("APICoreKit"), lib("APICoreGraphQL")],
            path: "Examples/UserKit",
            exclude: ["GraphQL/Schema", "GraphQL/Operations", "apicore.json"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ProductKit",
            dependencies: [
                lib("APICoreScalars"), "SharedKit", lib("APICoreKit"), lib("APICoreGraphQL"), lib("APICoreSQLite"),
            ],
            path: "Examples/ProductKit",
            exclude: ["GraphQL/Schema", "GraphQL/Operations", "apicore.json"],
            swiftSettings: swiftSettings
        ),
        // The kits' test mocks (their apicore.json's output.testMocks), for their tests only.
        .target(
            name: "UserKitTestMocks",
            dependencies: [lib("APICoreScalars"), "UserKit", lib("APICoreGraphQL"), lib("APICoreTestMocks")],
            path: "Examples/UserKitTestMocks", swiftSettings: swiftSettings),
        .target(
            name: "ProductKitTestMocks",
            dependencies: [lib("APICoreScalars"), "ProductKit", lib("APICoreGraphQL"), lib("APICoreTestMocks")],
            path: "Examples/ProductKitTestMocks", swiftSettings: swiftSettings),
        .testTarget(
            name: "FeatureKitTests",
            dependencies: [
                "UserKit", "ProductKit", "SharedKit", "DemoServerKit", lib("APICoreKit"), lib("APICoreTesting"),
                "UserKitTestMocks", "ProductKitTestMocks",
                lib("APICoreWebSocket"), lib("APICoreSQLite"), "APICoreTestSupport", lib("APICoreCodegen"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Examples: the app layer (dependency container, view models, the command-line front end) and the main job.
        .target(
            name: "DemoApp",
            dependencies: [
                lib("APICoreScalars"), "DevelopmentSupport",
                "UserKit", "ProductKit", "SharedKit", lib("APICoreKit"), lib("APICoreSQLite"), lib("APICoreWebSocket"),
                .product(name: "Logging", package: "swift-log"),
                // What a Linux app adds for its transports; an Apple app uses URLSession's.
                .product(name: "APICoreNIO", package: "APICoreNIO", condition: .when(platforms: linux)),
            ],
            path: "Examples/DemoApp/DemoApp",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "apicore-demo",
            dependencies: ["DevelopmentSupport", "DemoApp", "DemoServerKit"],
            path: "Examples/DemoApp/apicore-demo",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoAppTests",
            dependencies: [
                "DemoApp", "DemoServerKit", "UserKit", "ProductKit", "SharedKit", lib("APICoreKit"),
                lib("APICoreSQLite"), "APICoreTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APICoreDynamicTests",
            dependencies: [
                lib("APICoreScalars"),
                lib("APICoreDynamic"), lib("APICoreKit"), lib("APICoreCache"), lib("APICoreGraphQL"), "UserKit",
                lib("APICoreCompiler"), lib("APICoreJSON"), "DemoServerKit", "APICoreTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DemoServerTests",
            dependencies: [
                lib("APICoreScalars"),
                "DemoServerKit", lib("APICoreKit"), lib("APICoreWebSocket"), lib("APICoreGraphQL"),
                "APICoreTestSupport",
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            swiftSettings: swiftSettings
        ),
        // Generated code (ProductKit's operations), its test mocks and a view model and a service that use them, in
        // modules built as an Xcode 26 app target is; the tests run them against the demo server.
        .target(
            name: "MainActorDefaultsApp",
            dependencies: [lib("APICoreScalars"), lib("APICoreKit"), lib("APICoreGraphQL")],
            path: "Tests/MainActorDefaults/App", exclude: ["apicore.json"], swiftSettings: xcode26AppTarget),
        .target(
            name: "MainActorDefaultsMocks",
            dependencies: [
                lib("APICoreScalars"), "MainActorDefaultsApp", lib("APICoreGraphQL"), lib("APICoreTestMocks"),
            ],
            path: "Tests/MainActorDefaults/Mocks", swiftSettings: xcode26AppTarget),
        .testTarget(
            name: "MainActorDefaultsTests",
            dependencies: [
                "MainActorDefaultsApp", "MainActorDefaultsMocks", "DemoServerKit", "APICoreTestSupport",
                lib("APICoreKit"), lib("APICoreCache"),
            ],
            swiftSettings: xcode26AppTarget),
        .testTarget(
            name: "apicoreTests",
            dependencies: [
                lib("APICoreScalars"),
                lib("apicore"), .product(name: "apicore-nio", package: "APICoreNIO"), lib("APICoreGraphQL"),
                lib("APICoreJSON"), lib("APICoreSQLite"), "APICoreTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
