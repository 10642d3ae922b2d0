// swift-tools-version: 6.2
import PackageDescription

// The code generator's output for real schemas and operations, one target per set, built with every warning as an
// error. The sources under Sources/<Set>/ are written by APICoreCodegenTests (APICORE_RECORD_SNAPSHOTS=1) and must
// not be edited. `APICoreGraphQL` is a link to the runtime module's sources, so the package needs no resolution.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
let sets = [
    "StarWars", "AnimalKingdom", "GitHubApollo", "GitHawk", "ShopifyStorefront", "ShopifyCustomerAccount", "SWAPI",
    "Upload", "Subscription", "Reference", "Escaping", "SharedKit", "PocketGraph", "BCCMedia",
    "Names",
]

let package = Package(
    name: "GeneratedCode",
    platforms: [.macOS(.v15), .iOS(.v18)],
    targets: [.target(name: "APICoreGraphQL", path: "APICoreGraphQL", swiftSettings: strict)]
        + sets.map { .target(name: $0, dependencies: ["APICoreGraphQL"], swiftSettings: strict) }
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
