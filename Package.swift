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
// The SwiftNIO transports: AsyncHTTPClient for HTTP and swift-websocket for subscriptions, the defaults on Linux and
// Android when the trait is on. A trait and not a platform condition, because SwiftPM resolves a platform-conditioned
// dependency on every platform: an iOS app would fetch SwiftNIO and twenty packages it never links.
let nio: TargetDependencyCondition? = .when(traits: ["SwiftNIO"])

let package = Package(
    name: "APICoreKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "APICoreGraphQL", targets: ["APICoreGraphQL"]),
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
        .executable(name: "apicore", targets: ["apicore"]),
        .plugin(name: "APICoreCodegenPlugin", targets: ["APICoreCodegenPlugin"]),
    ],
    traits: [
        .trait(
            name: "SwiftNIO",
            description: """
                The SwiftNIO transports: AsyncHTTPClient as the default HTTP transport and swift-websocket as the \
                WebSocket client on Linux and Android, where Foundation's URLSession is slow and has no WebSocket. \
                Server-side and Linux apps turn it on; Apple apps leave it off and resolve none of SwiftNIO.
                """)
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Only with the SwiftNIO trait: the transports, AsyncHTTPClient's TLS layer (certificate failures told
        // apart) and tracing (left off while no tracer is bootstrapped), and the WebSocket client.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // What generated code imports, and nothing else: its release text is what every app pays for the runtime.
        .target(name: "APICoreGraphQL", swiftSettings: swiftSettings),
        // JSON on the wire: the fast reader and the writer of `JSONValue`, `Codable` over them, the GraphQL response
        // envelope read from it (with null propagation) and document hashes; the client, the cache and the tools
        // use it, generated code does not.
        .target(name: "APICoreJSON", dependencies: ["APICoreGraphQL"], swiftSettings: swiftSettings),
        .target(
            name: "APICoreKit",
            dependencies: [
                "APICoreGraphQL", "APICoreJSON", "APICoreCache", .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: nio),
                .product(name: "NIOCore", package: "swift-nio", condition: nio),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: nio),
                .product(name: "NIOPosix", package: "swift-nio", condition: nio),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: nio),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: nio),
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
        // APICoreTesting so that a mocks target needs nothing but the runtime that generated code imports.
        .target(name: "APICoreTestMocks", dependencies: ["APICoreGraphQL"], swiftSettings: swiftSettings),
        // Subscriptions over WebSocket: swift-websocket's NIO client with the SwiftNIO trait on Linux,
        // URLSessionWebSocketTask on Apple platforms (Foundation's fails at run time on Linux).
        .target(
            name: "APICoreWebSocket",
            dependencies: [
                "APICoreKit", .product(name: "Logging", package: "swift-log"),
                .product(name: "WSClient", package: "swift-websocket", condition: nio),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: nio),
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
            name: "APICoreDynamic", dependencies: ["APICoreCodegen", "APICoreCompiler", "APICoreGraphQL"],
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
