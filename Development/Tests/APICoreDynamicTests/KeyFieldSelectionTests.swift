import APICoreCompiler
import APICoreDynamic
import APICoreGraphQL
import APICoreScalars
import APICoreTestSupport
import Foundation
import Testing

/// The compiler selects each object's cache key wherever a document does not, so that one object is one record in the
/// normalized cache however a query reaches it.
@Suite("Key fields in the documents sent")
struct KeyFieldSelectionTests {
    static let sdl = """
        directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE
        interface Node { id: ID! }
        interface Named { name: String! }
        type User implements Node & Named { id: ID! name: String! best: User friends: [User!]! }
        type Photo implements Node { id: ID! url: String! }
        type Tag implements Named @typePolicy(keyFields: "slug") { slug: String! name: String! }
        type Review { id: ID! stars: Int! }
        type Note { text: String! }
        type Coded { id(format: String!): String! text: String! }
        type Legacy { id: Int! label: String! }
        interface Thing { id: ID }
        type Box implements Thing { id: ID! size: Int! }
        union Item = User | Photo
        union Owner = User | Legacy
        union Mixed = User | Review | Tag | Note
        type Query {
          me: User
          items: [Item!]!
          mixed: [Mixed!]!
          named: [Named!]!
          node(id: ID!): Node
          notes: [Note!]!
          coded: Coded
          owner: Owner
          things: [Thing!]!
        }
        """

    static func sent(_ document: String, addsKeyFields: Bool = true) throws -> String {
        let schema = try GraphQLRuntimeSchema(sdl: sdl, addsKeyFields: addsKeyFields)
        return try schema.compile(document: document).document
    }

    @Test("an object's id is selected after its __typename, in every nested selection, unless the query selects it")
    func objects() throws {
        #expect(
            try Self.sent("query Q { me { name best { name } friends { id name } } }")
                == "query Q { me { __typename id name best { __typename id name } friends { __typename id name } } }")
        // Selected under a condition only: the key is added unconditionally.
        #expect(
            try Self.sent("query Q($a: Boolean!) { me { id @include(if: $a) name } }")
                == "query Q($a: Boolean!) { me { __typename id id @include(if: $a) name } }")
        // Selected through a fragment that always applies: nothing to add.
        #expect(
            try Self.sent("query Q { me { ...F } } fragment F on User { id name }")
                == "query Q { me { __typename ...F } }\nfragment F on User { __typename id name }")
    }

    @Test("an interface with the key selects it; a union selects it through the narrowest interface, else per type")
    func abstractTypes() throws {
        #expect(try Self.sent("query Q { node(id: 1) { __typename } }") == "query Q { node(id: 1) { __typename id } }")
        #expect(
            try Self.sent("query Q { items { ... on User { name } } }")
                == "query Q { items { __typename ... on Node { __typename id } ... on User { __typename name } } }")
        // User and Photo share Node; Review has an `id` and no interface; Tag is keyed by its policy; Note has no key.
        #expect(
            try Self.sent("query Q { mixed { __typename } }")
                == "query Q { mixed { __typename ... on User { __typename id } ... on Review { __typename id } "
                + "... on Tag { __typename slug } } }")
        // An interface without the key: the types that have one, through the interface they share or one by one.
        #expect(
            try Self.sent("query Q { named { name } }")
                == "query Q { named { __typename ... on User { __typename id } ... on Tag { __typename slug } name } }")
    }

    @Test("a type keyed by its @typePolicy selects its key fields; a type without a key gets nothing")
    func policiesAndKeyless() throws {
        #expect(
            try Self.sent("query Q { mixed { ... on Tag { name } } }")
                == "query Q { mixed { __typename ... on User { __typename id } ... on Review { __typename id } "
                + "... on Tag { __typename slug } ... on Tag { __typename name } } }")
        #expect(try Self.sent("query Q { notes { text } }") == "query Q { notes { __typename text } }")
        // An `id` that needs an argument cannot key the object: nothing is added.
        #expect(try Self.sent("query Q { coded { text } }") == "query Q { coded { __typename text } }")
    }

    @Test("a response name the query gives to another field is left alone, and the document stays valid")
    func takenResponseNames() throws {
        let schema = try GraphQLRuntimeSchema(sdl: Self.sdl)
        for document in [
            "query Q { me { id: name } }",
            "query Q { me { ...F } } fragment F on User { id: name }",
            "query Q { me { ... on User { id: name } } }",
        ] {
            let sent = try schema.compile(document: document).document
            #expect(!sent.contains("__typename id "), "\(sent)")
            let parsed = try Parser.parse(Source(name: "sent", text: sent))
            #expect(DocumentValidator.validate([parsed], against: schema.schema).isEmpty, "\(sent)")
        }
    }

    @Test("keys that would not merge with another field of their name are left out, so the document stays valid")
    func conflictingKeys() throws {
        let schema = try GraphQLRuntimeSchema(sdl: Self.sdl)
        let asWritten = try GraphQLRuntimeSchema(sdl: Self.sdl, addsKeyFields: false)
        for document in [
            // `id` is another field's name in a fragment merged with the set the key would go in.
            "query Q { me { ...A ...B } } fragment A on User { best { id: name } } fragment B on User { best { name } }",
            // ... or in another occurrence of the same field.
            "query Q { me { best { id: name } best { name } } }",
        ] {
            let sent = try schema.compile(document: document).document
            let parsed = try Parser.parse(Source(name: "sent", text: sent))
            #expect(DocumentValidator.validate([parsed], against: schema.schema).isEmpty, "\(sent)")
            #expect(sent == (try asWritten.compile(document: document).document))
        }
        // `id: Int!` on Legacy cannot share the response name with User's `id: ID!`: only User's is selected.
        #expect(
            try Self.sent("query Q { owner { ... on User { name } } }")
                == "query Q { owner { __typename ... on User { __typename id } ... on User { __typename name } } }")
        // Thing's `id` is nullable and Box's is not: the key goes through Box, with Box's type.
        #expect(
            try Self.sent("query Q { things { __typename } }")
                == "query Q { things { __typename ... on Box { __typename id } } }")
    }

    @Test("a key a deferred fragment selects is selected: none is added beside it, to arrive before the fragment")
    func deferredKeys() throws {
        #expect(
            try Self.sent("query Q { me { name ...F @defer } } fragment F on User { id best { name } }")
                == "query Q { me { __typename name ...F @defer } }\n"
                + "fragment F on User { __typename id best { __typename id name } }")
    }

    @Test("switched off, the document is the query as written, with only the __typename Apollo adds")
    func switchedOff() throws {
        #expect(
            try Self.sent("query Q { me { name best { name } } items { ... on User { name } } }", addsKeyFields: false)
                == "query Q { me { __typename name best { __typename name } } items { __typename ... on User "
                + "{ __typename name } } }")
    }

    @Test(
        "random queries on the demo's and GitHub's schemas: the text sent is valid, keys every object, is stable",
        .cpuBound,
        arguments: [
            ("Development/Examples/Schema/app.graphqls", UInt64(11)), ("github/schema.graphqls", UInt64(12)),
        ])
    func randomQueries(schemaPath: String, seed: UInt64) throws {
        let url =
            schemaPath.hasPrefix("Development/")
            ? RepositoryLayout.root.appendingPathComponent(schemaPath) : CorpusFiles.url(schemaPath)
        let runtime = try GraphQLRuntimeSchema(contentsOf: [url.path])
        var generator = RandomOperationGenerator(schema: runtime.schema, seed: seed, maximumDepth: 4)
        let asWritten = try GraphQLRuntimeSchema(schema: runtime.schema, addsKeyFields: false)
        var keysAdded = 0
        for index in 0..<300 {
            let operation = generator.next(name: "Q\(index)")
            let sent = try runtime.compile(document: operation.document).document
            let parsed = try Parser.parse(Source(name: "sent", text: sent))
            let errors = DocumentValidator.validate([parsed], against: runtime.schema).filter { $0.severity == .error }
            #expect(errors.isEmpty, "seed \(seed), \(operation.name): \(errors.first?.message ?? "")\n\(sent)")
            // Compiled again, the text sent adds nothing: every object's key is already selected.
            #expect(try runtime.compile(document: sent).document == sent, "seed \(seed): \(sent)")
            if try asWritten.compile(document: operation.document).document != sent { keysAdded += 1 }
        }
        // Most random queries reach an object without its key.
        #expect(keysAdded > 150)
    }
}
