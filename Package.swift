// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "APICoreKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "APICoreGraphQL", targets: ["APICoreGraphQL"]),
        .library(name: "APICoreKit", targets: ["APICoreKit"]),
        .library(name: "APICoreSwiftMetrics", targets: ["APICoreSwiftMetrics"]),
        .library(name: "APICoreTesting", targets: ["APICoreTesting"]),
        .executable(name: "apicore", targets: ["apicore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "APICoreGraphQL"),
        .target(
            name: "APICoreKit",
            dependencies: ["APICoreGraphQL", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "APICoreSwiftMetrics",
            dependencies: ["APICoreKit", .product(name: "Metrics", package: "swift-metrics")]
        ),
        .target(name: "APICoreTesting", dependencies: ["APICoreKit"]),
        .target(
            name: "APICoreCommands",
            dependencies: ["APICoreKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "apicore", dependencies: ["APICoreCommands"]),

        .target(name: "APICoreTestSupport", dependencies: ["APICoreGraphQL"], path: "Tests/APICoreTestSupport"),
        .testTarget(name: "APICoreGraphQLTests", dependencies: ["APICoreGraphQL", "APICoreTestSupport"]),
        .testTarget(
            name: "APICoreKitTests",
            dependencies: [
                "APICoreKit", "APICoreTesting", "APICoreSwiftMetrics", "APICoreTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(name: "APICoreTestingTests", dependencies: ["APICoreTesting", "APICoreTestSupport"]),
        .testTarget(name: "apicoreTests", dependencies: ["apicore", "APICoreTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
