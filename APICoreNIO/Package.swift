// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The SwiftNIO transports, a package of their own so that an app on Apple platforms, which depends on the library
// package (the folder above), never resolves SwiftNIO, AsyncHTTPClient or the twenty packages they bring. A Linux or
// Android service depends on this one too: `AsyncHTTPClientTransport` for HTTP (Foundation's `URLSession` on Linux
// busy-waits on a stalled body and is several times slower) and `NIOWebSocketConnector` for subscriptions
// (`URLSessionWebSocketTask` fails at run time there), and `apicore-nio`, the `apicore` tool on those transports.
//
// CI (and anyone who sets APICORE_STRICT) builds its targets with every warning as an error.
let strict = Context.environment["APICORE_STRICT"] != nil
let swiftSettings: [SwiftSetting] = strict ? [.treatAllWarnings(as: .error)] : []

// A path dependency's identity is its folder's name, which is the clone's name and so not known here.
let library = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

/// A product of the library package.
func lib(_ name: String) -> Target.Dependency { .product(name: name, package: library) }

let package = Package(
    name: "APICoreNIO",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "APICoreNIO", targets: ["APICoreNIO"]),
        .executable(name: "apicore-nio", targets: ["apicore-nio"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // AsyncHTTPClient's TLS layer, so that certificate failures are told apart.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // AsyncHTTPClient's tracing, left off while no tracer is bootstrapped.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "APICoreNIO",
            dependencies: [
                lib("APICoreGraphQL"), lib("APICoreKit"), lib("APICoreWebSocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        // `apicore` with the SwiftNIO transports: the same subcommands, options and exit statuses.
        .executableTarget(
            name: "apicore-nio", dependencies: ["APICoreNIO", lib("APICoreCommands")], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
