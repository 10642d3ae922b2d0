import APICoreCodegen
import APICoreCompiler
import Foundation
import Testing

/// Which generated selection sets are `Identifiable`, so that a SwiftUI `List` or an entity store needs no key path.
@Suite("Generated identity", .cpuBound)
struct GeneratedIdentityTests {
    static let sdl = """
        directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE
        type Query {
          user: User
          users: [User!]!
          product: Product
          variant: Variant
          shelf: Shelf
        }
        type User { id: ID! name: String legacyID: ID login: String! friend: User }
        type Product @typePolicy(keyFields: "sku") { sku: String! name: String id: Int }
        type Variant @typePolicy(keyFields: "sku store") { sku: String! store: Int! color: String }
        type Shelf { number: Int! label: String }
        """

    /// The declaration line of the class named `name` in the generated file of `operation`.
    static func declaration(of name: String, operations: String, file: String) throws -> String {
        let files = try GeneratorHarness.generate(sdl: sdl, operations: operations)
        let text = GeneratorHarness.file(file, in: files)
        let line = text.split(separator: "\n").first { $0.contains("class \(name):") }
        return line.map(String.init) ?? ""
    }

    @Test("a struct that always selects a non-null scalar id is Identifiable, also through a fragment or an alias")
    func selectedID() throws {
        let direct = try Self.declaration(
            of: "User", operations: "query Q { user { id name } }", file: "Operations/QQuery.graphql.swift")
        #expect(direct.hasSuffix("GraphQLSelectionSetObject, Identifiable, @unchecked Sendable {"))

        let files = try GeneratorHarness.generate(
            sdl: Self.sdl,
            operations: """
                query Q { users { ...UserBits } }
                fragment UserBits on User { id name }
                """)
        let fragment = GeneratorHarness.file("Operations/UserBits.graphql.swift", in: files)
        #expect(
            fragment.contains(
                "class UserBits: GraphQLSelectionSetObject, GraphQLFragment, Identifiable, @unchecked Sendable {"))
        let query = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(query.contains("class Users: GraphQLSelectionSetObject, Identifiable, @unchecked Sendable {"))

        let aliased = try Self.declaration(
            of: "User", operations: "query Q { user { id: login } }", file: "Operations/QQuery.graphql.swift")
        #expect(aliased.hasSuffix("Identifiable, @unchecked Sendable {"))
    }

    @Test(
        "an id that may be missing, null, a list or an object makes no identity, and no second id is invented",
        arguments: [
            "query Q { user { id @include(if: $x) name } }",
            "query Q { user { id: legacyID } }",
            "query Q { user { id: friend { name } } }",
            "query Q { user { name } }",
            "query Q { shelf { number } }",
        ])
    func noIdentity(operation: String) throws {
        let variables = operation.contains("$x") ? "($x: Boolean!)" : ""
        let document = operation.replacingOccurrences(of: "query Q", with: "query Q\(variables)")
        let files = try GeneratorHarness.generate(sdl: Self.sdl, operations: document)
        let query = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(!query.isEmpty)
        #expect(!query.contains("Identifiable"))
    }

    @Test("a type policy's key field is the identity when selected, spelled as an id property")
    func oneKeyField() throws {
        let files = try GeneratorHarness.generate(sdl: Self.sdl, operations: "query Q { product { sku name } }")
        let query = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(query.contains("class Product: GraphQLSelectionSetObject, Identifiable, @unchecked Sendable {"))
        #expect(query.contains("public var id: String { sku }"))

        // A selected `id` of another meaning wins over the key fields: it already is the struct's `id`.
        let withID = try GeneratorHarness.generate(sdl: Self.sdl, operations: "query Q { product { sku id } }")
        let text = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: withID)
        #expect(!text.contains("Identifiable"))
        #expect(!text.contains("{ sku }"))
    }

    @Test("several key fields make an id of all of them; a key field left out makes none")
    func severalKeyFields() throws {
        let files = try GeneratorHarness.generate(sdl: Self.sdl, operations: "query Q { variant { store sku color } }")
        let query = GeneratorHarness.file("Operations/QQuery.graphql.swift", in: files)
        #expect(query.contains("class Variant: GraphQLSelectionSetObject, Identifiable, @unchecked Sendable {"))
        #expect(query.contains("public var id: [AnyHashable] { [sku, store] }"))

        let partial = try GeneratorHarness.generate(sdl: Self.sdl, operations: "query Q { variant { sku color } }")
        #expect(!GeneratorHarness.file("Operations/QQuery.graphql.swift", in: partial).contains("Identifiable"))
    }
}
