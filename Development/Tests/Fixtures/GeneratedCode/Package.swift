// swift-tools-version: 6.0
import PackageDescription

// The code generator's output for real schemas and operations, one target per set, built with every warning as an
// error. The sources under Sources/<Set>/ are written by APICoreCodegenTests (APICORE_RECORD_SNAPSHOTS=1) and must
// not be edited. `APICoreGraphQL`, `APICoreScalars`, `APICoreTestMocks` and `APICoreJSON` (which the mocks and the
// checks executable use; the generated sets do not) are links to the library modules' sources, so the package needs no
// resolution. The sets whose configuration maps a scalar to a built-in type, or whose operations use a file scalar, import
// `APICoreScalars`.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let sets = [
    "AnimalKingdom", "GitHubApollo", "ShopifyStorefront", "ShopifyCustomerAccount", "SWAPI", "Upload", "Subscription",
    "Reference", "Escaping", "SharedKit", "PocketGraph", "BCCMedia", "Names",
]
// Star Wars and GitHawk have the module names the project's package gives them, which their test mocks import in both.
let renamed = ["StarWars": "StarWarsFixture", "GitHawk": "GitHawkFixture"]
// The sets generated with their test mocks, in Sources/<Set>TestMocks/, which import the set's module.
let setsWithMocks = ["StarWars", "AnimalKingdom", "GitHawk", "PocketGraph", "BCCMedia"]
let setsWithBuiltInScalars: Set = ["Reference", "Upload", "Names"]

let package = Package(
    name: "GeneratedCode",
    platforms: [.macOS(.v14), .iOS(.v17)],
    targets: [
        .target(name: "APICoreGraphQL", path: "APICoreGraphQL", swiftSettings: strict),
        .target(
            name: "APICoreTestMocks", dependencies: ["APICoreGraphQL", "APICoreJSON"], path: "APICoreTestMocks",
            swiftSettings: strict),
        .target(
            name: "APICoreScalars", dependencies: ["APICoreGraphQL"], path: "APICoreScalars", swiftSettings: strict),
        .target(
            name: "APICoreJSON", dependencies: ["APICoreGraphQL", "APICoreScalars"], path: "APICoreJSON",
            swiftSettings: strict),
    ]
        + sets.map {
            .target(
                name: $0,
                dependencies: ["APICoreGraphQL"] + (setsWithBuiltInScalars.contains($0) ? ["APICoreScalars"] : []),
                swiftSettings: strict)
        }
        + renamed.keys.sorted().map {
            .target(name: renamed[$0]!, dependencies: ["APICoreGraphQL"], path: "Sources/\($0)", swiftSettings: strict)
        }
        + setsWithMocks.map {
            .target(
                name: $0 + "TestMocks",
                dependencies: ["APICoreGraphQL", "APICoreTestMocks", .target(name: renamed[$0] ?? $0)],
                swiftSettings: strict)
        }
        // Two kits whose operations import the schema types generated once in SharedKit.
        + ["KitA", "KitB"].map {
            .target(name: $0, dependencies: ["APICoreGraphQL", "SharedKit"], swiftSettings: strict)
        }
        + [
            .executableTarget(
                name: "GeneratedCodeChecks",
                dependencies: ["APICoreGraphQL", "APICoreJSON", "GitHubApollo", "Reference"],
                swiftSettings: strict)
        ],
    swiftLanguageModes: [.v6]
)
