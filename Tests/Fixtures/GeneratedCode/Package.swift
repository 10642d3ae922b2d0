// swift-tools-version: 6.2
import PackageDescription

// The code generator's output for real schemas and operations, one target per set, built with every warning as an
// error. The sources under Sources/<Set>/ are written by APICoreCodegenTests (APICORE_RECORD_SNAPSHOTS=1) and must
// not be edited. `APICoreGraphQL` and `APICoreTestMocks` are links to the runtime modules' sources, so the package
// needs no resolution.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
let sets = [
    "StarWars", "AnimalKingdom", "GitHubApollo", "ShopifyStorefront", "ShopifyCustomerAccount", "SWAPI",
    "Upload", "Subscription", "Reference", "Escaping", "SharedKit", "PocketGraph", "BCCMedia",
    "Names",
]
// The sets generated with their test mocks, in Sources/<Set>TestMocks/, which import the set's module.
let setsWithMocks = ["StarWars", "AnimalKingdom", "PocketGraph", "BCCMedia"]

let package = Package(
    name: "GeneratedCode",
    platforms: [.macOS(.v15), .iOS(.v18)],
    targets: [
        .target(name: "APICoreGraphQL", path: "APICoreGraphQL", swiftSettings: strict),
        .target(
            name: "APICoreTestMocks", dependencies: ["APICoreGraphQL"], path: "APICoreTestMocks", swiftSettings: strict),
        // GitHawk's module has the name the project's package gives it, which its test mocks import in both.
        .target(
            name: "GitHawkFixture", dependencies: ["APICoreGraphQL"], path: "Sources/GitHawk", swiftSettings: strict),
        .target(
            name: "GitHawkTestMocks", dependencies: ["APICoreGraphQL", "APICoreTestMocks", "GitHawkFixture"],
            swiftSettings: strict),
    ]
        + sets.map { .target(name: $0, dependencies: ["APICoreGraphQL"], swiftSettings: strict) }
        + setsWithMocks.map {
            .target(
                name: $0 + "TestMocks", dependencies: ["APICoreGraphQL", "APICoreTestMocks", .target(name: $0)],
                swiftSettings: strict)
        }
        // Two kits whose operations import the schema types generated once in SharedKit.
        + ["KitA", "KitB"].map {
            .target(name: $0, dependencies: ["APICoreGraphQL", "SharedKit"], swiftSettings: strict)
        }
        + [
            .executableTarget(
                name: "GeneratedCodeChecks", dependencies: ["APICoreGraphQL", "GitHubApollo", "Reference"],
                swiftSettings: strict)
        ],
    swiftLanguageModes: [.v6]
)
