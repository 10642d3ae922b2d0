import APICoreCodegen
import APICoreCompiler
import Foundation
import Testing

@Suite("Field policies: from the schema's directives and apicore.json into typePolicies")
struct FieldPolicyGenerationTests {
    static let sdl = """
        type Query {
          items(filter: String, first: Int, after: String, last: Int, before: String): ItemConnection!
          feed(tag: String!, offset: Int, limit: Int): [Item!]!
          item(id: ID!, locale: String): Item
          node(id: ID!): Node
        }
        interface Node { id: ID! friends(first: Int, after: String): ItemConnection! }
        type Item implements Node { id: ID! title: String! friends(first: Int, after: String): ItemConnection! }
        type ItemEdge { cursor: String! node: Item! }
        type PageInfo { hasNextPage: Boolean! endCursor: String }
        type ItemConnection { edges: [ItemEdge!]! pageInfo: PageInfo! }
        """
    static let operations = """
        query Items { items(first: 2) { edges { cursor } } feed(tag: "a") { id } item(id: "1") { title } node(id: "1") { id } }
        """

    private static func namespaceFile(extensions: String = "", policies: [FieldPolicyOption] = []) throws -> String {
        let files = try GeneratorHarness.generate(
            sdl: sdl + "\n" + extensions, operations: operations, fieldPolicies: policies)
        return GeneratorHarness.file("Schema/TestAPI.graphql.swift", in: files)
    }

    @Test("Apollo Kotlin's directives: connection fields page by cursor, paginationArgs by offset, keyArgs keep")
    func directives() throws {
        let file = try Self.namespaceFile(
            extensions: """
                extend type Query @typePolicy(connectionFields: "items")
                extend type Query @fieldPolicy(forField: "feed", paginationArgs: "offset limit")
                extend type Query @fieldPolicy(forField: "item", keyArgs: "id")
                extend interface Node @typePolicy(connectionFields: "friends")
                """)
        let expected = """
                fieldPolicies: [
                  "Item": [
                    "friends": .relayConnection(keyArguments: []),
                  ],
                  "Node": [
                    "friends": .relayConnection(keyArguments: []),
                  ],
                  "Query": [
                    "feed": .offsetList(offsetArgument: "offset", keyArguments: ["tag"]),
                    "item": GraphQLFieldPolicy(keyArguments: ["id"]),
                    "items": .relayConnection(keyArguments: ["filter"]),
                  ],
                ])
            """
        #expect(file.contains(expected), "\(file)")
        #expect(file.contains("static let typePolicies = GraphQLTypePolicies(\n    keyFields: [:],\n"))
    }

    @Test("apicore.json's policy wins over the schema's for the same field")
    func configurationWins() throws {
        let file = try Self.namespaceFile(
            extensions: #"extend type Query @typePolicy(connectionFields: "items")"#,
            policies: [
                FieldPolicyOption(
                    typeName: "Query", fieldName: "items", merge: .relayConnection, keyArguments: [])
            ])
        #expect(file.contains(#""items": .relayConnection(keyArguments: []),"#))
    }

    @Test("without field policies the namespace file is as before")
    func noPoliciesNoChange() throws {
        let file = try Self.namespaceFile()
        #expect(file.contains("static let typePolicies = GraphQLTypePolicies(keyFields: [:])"))
        #expect(!file.contains("fieldPolicies"))
    }

    @Test(
        "a policy naming a type, field or argument the schema lacks is an error that names it",
        arguments: [
            (FieldPolicyOption(typeName: "Nope", fieldName: "items", merge: .relayConnection), "\"Nope\""),
            (FieldPolicyOption(typeName: "Query", fieldName: "nope", merge: .relayConnection), "\"nope\""),
            (
                FieldPolicyOption(typeName: "Query", fieldName: "feed", merge: .offsetList, keyArguments: ["tags"]),
                "argument \"tags\""
            ),
            (
                FieldPolicyOption(typeName: "Query", fieldName: "feed", merge: .offsetList, offsetArgument: "skip"),
                "argument \"skip\""
            ),
        ])
    func resolutionErrors(policy: FieldPolicyOption, named: String) {
        #expect {
            try Self.namespaceFile(policies: [policy])
        } throws: { error in
            let text = "\(error)"
            return text.contains("error: The field policy for") && text.contains(named)
        }
    }

    @Test("options.fieldPolicies in apicore.json: read with defaults, and bad entries are located errors")
    func configurationFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("field-policies-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("apicore.json")
        func load(_ policies: String) throws -> CodegenConfiguration {
            try """
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"path": "S"}},
             "options": {"fieldPolicies": \(policies)}}
            """.write(to: file, atomically: true, encoding: .utf8)
            return try CodegenConfiguration.load(from: file.path)
        }

        let configuration = try load(
            #"{"Query.items": {"merge": "relayConnection"}, "Query.feed": {"merge": "offsetList", "keyArgs": ["tag"]}}"#
        )
        let policies = configuration.fieldPolicies.sorted { $0.fieldName < $1.fieldName }
        #expect(policies.map(\.fieldName) == ["feed", "items"])
        #expect(policies[0].merge == .offsetList && policies[0].keyArguments == ["tag"])
        #expect(policies[0].offsetArgument == "offset")
        #expect(policies[1].merge == .relayConnection && policies[1].keyArguments == nil)

        let failures: [(String, String)] = [
            (#"{"items": {}}"#, #"must be "Type.field""#),
            (#"{"Query.items": {"merge": "append"}}"#, #"must be one of "replace", "relayConnection", "offsetList""#),
            (#"{"Query.items": {"keyArgs": [], "paginationArgs": []}}"#, "gives both keyArgs and paginationArgs"),
            (#"{"Query.items": {"keyargs": []}}"#, #"Unknown key "keyargs""#),
        ]
        for (policies, message) in failures {
            #expect {
                try load(policies)
            } throws: { error in
                let text = "\(error)"
                return text.contains("apicore.json:") && text.contains(message)
            }
        }
    }
}
