import APICoreCache
import APICoreCodegen
import APICoreCompiler
import APICoreDynamic
import APICoreGraphQL
import APICoreJSON
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Fragment arguments (RFC 1224) through the code generated from `Tests/Fixtures/CodegenInputs/FragmentArguments`
/// into `GeneratedFragmentArguments/`: one Swift type per fragment, whatever its spreads give it, and at each spread
/// the arguments that reach the fields, in the document sent and in the cache's keys.
///
/// No server on PyPI parses fragment arguments yet (graphql-core 3.2 does not), so the answers here are written as a
/// server that implements the RFC answers; the document sent with the arguments inlined is checked against graphql-core
/// instead (``FragmentArgumentsInliningTests``).
@Suite("Fragment arguments in generated code")
struct FragmentArgumentsCodegenTests {
    /// `user` with a 128-pixel WebP avatar and two friends with the default 64-pixel one; `me` with a 32-pixel one.
    static let answer = #"""
        {"data": {
          "user": {"__typename": "User", "id": "u1", "name": "Ada",
            "avatar": {"__typename": "Avatar", "url": "https://img/ada-128.webp", "size": 128},
            "friends": [
              {"__typename": "User", "id": "u2", "name": "Grace",
               "avatar": {"__typename": "Avatar", "url": "https://img/grace-64.png", "size": 64}},
              {"__typename": "User", "id": "u3", "name": "Edsger", "avatar": null}
            ]},
          "me": {"__typename": "User", "id": "u9",
            "avatar": {"__typename": "Avatar", "url": "https://img/me-32.png", "size": 32}}
        }}
        """#

    static func client(cache: CacheStore = CacheStore()) -> (APIClient, ClosureTransport) {
        let transport = ClosureTransport { _ in ClosureTransport.json(answer) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, cache: cache))
        return (client, transport)
    }

    @Test("one fragment type reads each spread's data: the user's 128-pixel avatar, the friends' default, me's own")
    func oneTypeForEverySpread() async throws {
        let (client, _) = Self.client()
        let data = try await client.execute(ProfileQuery(id: "u1", meSize: .some(32))).value
        let user = try #require(data.user)
        let avatar: AvatarFields = user.fragments.avatarFields
        #expect(avatar.avatar?.url == "https://img/ada-128.webp")
        #expect(avatar.avatar?.size == 128)
        let friends = user.fragments.friendList.friends
        #expect(friends.map(\.name) == ["Grace", "Edsger"])
        #expect(friends.map(\.fragments.avatarFields.avatar?.size) == [64, nil])
        #expect(data.me?.fragments.avatarFields.avatar?.url == "https://img/me-32.png")
    }

    @Test("the document sent declares the fragments' variables and gives each spread its arguments, as written")
    func documentSent() async throws {
        let (client, transport) = Self.client()
        _ = try await client.execute(ProfileQuery(id: "u1", meSize: .some(32)))
        let body = try #require(transport.requests.first?.body)
        let request = try #require(try JSONReader().read([UInt8](body)).objectValue)
        let query = try #require(request["query"]?.stringValue)
        #expect(query.contains("...AvatarFields(size: 128, format: \"webp\")"))
        #expect(query.contains("...FriendList(count: 2)"))
        #expect(query.contains("...AvatarFields(size: $meSize)"))
        #expect(query.contains("fragment AvatarFields($size: Int = 64, $format: String) on User"))
        #expect(query.contains("fragment FriendList($count: Int!, $avatarSize: Int = 64) on User"))
        #expect(request["variables"] == .object(["id": "u1", "meSize": 32]))
        // The sent document is valid in its own right: the fragment arguments check out against the schema.
        let schema = try GraphQLSchema.load(paths: [Self.schemaPath])
        let errors = DocumentValidator.validate([try Parser.parse(Source(name: "sent", text: query))], against: schema)
        #expect(errors.filter { $0.severity == .error }.map(\.message) == [])
    }

    @Test("each spread's arguments key its fields in the cache, and a cache-only read gives back the same data")
    func cacheKeys() async throws {
        let cache = CacheStore()
        let (client, _) = Self.client(cache: cache)
        let network = try await client.execute(ProfileQuery(id: "u1", meSize: .some(32))).value
        let user = try #require(try cache.record(for: "User:u1"))
        #expect(
            user.fields.keys.sorted() == [
                "__typename", "avatar(format:\"webp\",size:128)", "friends(first:2)", "id", "name",
            ])
        // FriendList passes its own default size, 64, on to AvatarFields.
        #expect(
            try cache.record(for: "User:u2")?.fields.keys.sorted() == ["__typename", "avatar(size:64)", "id", "name"])
        // An operation variable given as a fragment argument is the operation's value.
        #expect(try cache.record(for: "User:u9")?.fields.keys.sorted() == ["__typename", "avatar(size:32)", "id"])
        let cached = try await client.execute(ProfileQuery(id: "u1", meSize: .some(32)), options: Self.cacheOnly)
        #expect(cached.value == network)
        // Another size for me is another field: not in the cache.
        await #expect(throws: APIError.self) {
            try await client.execute(ProfileQuery(id: "u1", meSize: .some(48)), options: Self.cacheOnly)
        }
    }

    @Test("a fragment read or written alone gives its variables left out the defaults it declares, as a spread does")
    func fragmentAloneTakesItsDefaults() async throws {
        #expect(AvatarFields.variableDefaults == ["size": 64])
        #expect(FriendList.variableDefaults == ["avatarSize": 64])
        let cache = CacheStore()
        let (client, _) = Self.client(cache: cache)
        _ = try await client.execute(ProfileQuery(id: "u1", meSize: .some(32))).value

        // Grace's avatar is cached under the default size, which a read without variables now finds.
        let grace = try cache.readFragment(AvatarFields.self, key: "User:u2")
        #expect(grace.avatar?.url == "https://img/grace-64.png")
        // A value given wins over the default: Ada's avatar is cached at 128 in WebP only.
        let ada = try cache.readFragment(AvatarFields.self, key: "User:u1", variables: ["size": 128, "format": "webp"])
        #expect(ada.avatar?.size == 128)
        #expect(throws: CacheError.self) { try cache.readFragment(AvatarFields.self, key: "User:u1") }
        // FriendList's own default reaches the fragment it spreads, as in the operation.
        let friends = try cache.readFragment(FriendList.self, key: "User:u1", variables: ["count": 2])
        #expect(friends.friends.map(\.fragments.avatarFields.avatar?.size) == [64, nil])

        // A write without variables keys the fields as a read without them finds them.
        let written = AvatarFields(avatar: AvatarFields.Avatar(url: "https://img/edsger-64.png", size: 64))
        try cache.writeFragment(written, key: "User:u3")
        #expect(try cache.record(for: "User:u3")?.fields.keys.contains("avatar(size:64)") == true)
        #expect(try cache.readFragment(AvatarFields.self, key: "User:u3").avatar?.url == "https://img/edsger-64.png")
    }

    @Test("the same document compiled at run time keys the cache as the generated code does")
    func runtimeCompilationAgrees() throws {
        let runtime = try GraphQLRuntimeSchema(contentsOf: [Self.schemaPath])
        let compiled = try runtime.compile(document: try String(contentsOfFile: Self.documentPath, encoding: .utf8))
        let variables: JSONObject = ["id": "u1", "meSize": 32]
        let generated = try CacheStore().decode(ProfileQuery(id: "u1", meSize: .some(32)), data: Self.data).records
        let dynamic = try CacheStore().decode(GraphQLDynamicQuery(compiled, variables: variables), data: Self.data)
            .records
        #expect(dynamic.keys == generated.keys)
        #expect(Set(["QUERY_ROOT", "User:u1", "User:u2", "User:u3", "User:u9"]).isSubset(of: generated.keys))
        for (key, record) in generated.records {
            #expect(dynamic[key]?.fields.keys.sorted() == record.fields.keys.sorted(), "\(key)")
        }
    }

    static let cacheOnly = RequestOptions(cachePolicy: .cacheOnly)
    static let inputs = RepositoryLayout.root.appendingPathComponent(
        "Development/Tests/Fixtures/CodegenInputs/FragmentArguments")
    static let schemaPath = inputs.appendingPathComponent("schema.graphqls").path
    static let documentPath = inputs.appendingPathComponent("Profile.graphql").path
    static var data: JSONObject { JSONObject(json: answer)["data"]?.objectValue ?? [:] }
}

/// The two ways of sending fragment arguments: as written, or inlined for servers that do not parse them, and what
/// generated code refuses because one type serves every spread.
@Suite("Fragment arguments: the document sent and what generation refuses")
struct FragmentArgumentsSendingTests {
    static let document = FragmentArgumentsCodegenTests.documentPath

    @Test("inlined, each spread is an inline fragment with its values: no fragment declares a variable any more")
    func inlined() throws {
        let text = try String(contentsOfFile: Self.document, encoding: .utf8)
        let inlined = try GraphQLRuntimeSchema(
            contentsOf: [FragmentArgumentsCodegenTests.schemaPath], inlinesFragmentArguments: true
        ).compile(document: text)
        let sent = inlined.document
        #expect(!sent.contains("fragment "), "\(sent)")
        #expect(sent.contains("... on User { __typename avatar(size: 128, format: \"webp\") { __typename url size } }"))
        #expect(sent.contains("friends(first: 2)"))
        #expect(sent.contains("avatar(size: 64) {"))
        #expect(sent.contains("avatar(size: $meSize) {"))
        let schema = try GraphQLSchema.load(paths: [FragmentArgumentsCodegenTests.schemaPath])
        let errors = DocumentValidator.validate([try Parser.parse(Source(name: "sent", text: sent))], against: schema)
        #expect(errors.map { $0.message } == [])
        // The cache keys are the same either way: the document sent changes, the selections do not.
        let asWritten = try GraphQLRuntimeSchema(contentsOf: [FragmentArgumentsCodegenTests.schemaPath])
            .compile(document: text)
        let variables: JSONObject = ["id": "u1", "meSize": 32]
        let data = FragmentArgumentsCodegenTests.data
        let fromInlined = try CacheStore().decode(GraphQLDynamicQuery(inlined, variables: variables), data: data)
        let fromWritten = try CacheStore().decode(GraphQLDynamicQuery(asWritten, variables: variables), data: data)
        #expect(fromInlined.records == fromWritten.records)
    }

    @Test("the option inlineFragmentArguments reads from apicore.json and writes back")
    func configurationOption() throws {
        let json = #"""
            {"schemaNamespace": "API", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"path": "Schema"}, "operations": {"path": "Operations"}},
             "options": {"inlineFragmentArguments": true}}
            """#
        let configuration = try CodegenConfiguration.parse(json, file: "apicore.json", baseDirectory: "/project")
        #expect(configuration.inlinesFragmentArguments)
        let written = configuration.jsonText(forFolder: "/project")
        #expect(written.contains(#""inlineFragmentArguments""#), "\(written)")
        #expect(
            try CodegenConfiguration.parse(written, file: "apicore.json", baseDirectory: "/project")
                .inlinesFragmentArguments)
        let plain = try CodegenConfiguration.parse(
            json.replacingOccurrences(of: "true", with: "false"), file: "apicore.json", baseDirectory: "/project")
        #expect(!plain.inlinesFragmentArguments)
        #expect(!plain.jsonText(forFolder: "/project").contains("inlineFragmentArguments"))
    }

    static let schema = """
        type Query { me: User }
        type User { id: ID! name(upper: Boolean): String! avatar(size: Int = 32): String }
        """

    static func failure(_ operations: String) -> String {
        do {
            _ = try GeneratorHarness.generate(sdl: schema, operations: operations)
            return "(no error)"
        } catch {
            return "\(error)"
        }
    }

    @Test("@include or @skip on a fragment's own variable is refused at the directive, with what to do instead")
    func conditionOnOwnVariable() {
        let message = Self.failure(
            """
            query Q { me { ...Named(show: true) } }
            fragment Named($show: Boolean!) on User { id name @include(if: $show) }
            """)
        #expect(message.contains("@include(if: $show) uses the variable \"$show\" that fragment \"Named\" declares"))
        #expect(message.hasPrefix("operations.graphql:2:64: error:"), "\(message)")
    }

    @Test("an operation variable that may be unset, given to a fragment's defaulted variable, is refused with the fix")
    func operationVariableWithoutDefault() {
        let message = Self.failure(
            """
            query Q($size: Int) { me { ...Inner(size: $size) } }
            fragment Inner($size: Int = 64) on User { avatar(size: $size) }
            """)
        #expect(message.contains("The operation's \"$size\" may be unset"), "\(message)")
        #expect(message.contains("Declare \"$size: Int = 64\""), "\(message)")
        #expect(message.hasPrefix("operations.graphql:1:43: error:"), "\(message)")
        for fixed in ["$size: Int = 64", "$size: Int!"] {
            let operations = """
                query Q(\(fixed)) { me { ...Inner(size: $size) } }
                fragment Inner($size: Int = 64) on User { avatar(size: $size) }
                """
            #expect(Self.failure(operations) == "(no error)")
        }
    }

    @Test("a fragment whose variable a fragment it spreads uses as the operation's is refused, at the spread")
    func shadowedVariable() {
        let message = Self.failure(
            """
            query Q($size: Int!) { me { ...Outer(size: 128) } }
            fragment Outer($size: Int) on User { avatar(size: $size) ...Inner }
            fragment Inner on User { id thumb: avatar(size: $size) }
            """)
        #expect(
            message.contains("Fragment \"Inner\" uses the operation's \"$size\" inside fragment \"Outer\""),
            "\(message)")
        #expect(message.hasPrefix("operations.graphql:2:58: error:"), "\(message)")
    }

    @Test("a variable that may have no value, given to another fragment's defaulted one, is refused with the fix")
    func passedOnWithoutDefault() {
        let message = Self.failure(
            """
            query Q { me { ...Outer } }
            fragment Outer($size: Int) on User { id ...Inner(size: $size) }
            fragment Inner($size: Int = 64) on User { avatar(size: $size) }
            """)
        #expect(message.contains("Fragment \"Outer\" gives \"$size\", which may have no value"), "\(message)")
        #expect(message.contains("Declare \"$size: Int = 64\""), "\(message)")
        // With the default declared, or a non-null variable, it generates.
        #expect(
            Self.failure(
                """
                query Q { me { ...Outer } }
                fragment Outer($size: Int = 64) on User { id ...Inner(size: $size) }
                fragment Inner($size: Int = 64) on User { avatar(size: $size) }
                """) == "(no error)")
    }
}
