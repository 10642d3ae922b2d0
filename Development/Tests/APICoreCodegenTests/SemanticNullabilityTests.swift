import APICoreCache
import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreJSON
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// Semantic nullability through the code generated from `Tests/Fixtures/CodegenInputs/Nullability` into
/// `GeneratedNullability/`: `@semanticNonNull` fields typed non-optional where errors are thrown, `@catch(to: RESULT)`
/// fields as `GraphQLFieldResult`, and what a read (from the network and from the cache) does with an error.
///
/// No server on PyPI sends `@semanticNonNull` (it is a client-side reading of the schema), so the answers are written
/// as a GraphQL server answers: an error at a field's path and `null` in its place, or at the nearest nullable parent
/// for a non-null field. The types asserted here are checked by the compiler too: the generated code and these tests
/// build with warnings as errors.
@Suite("Semantic nullability in generated code", .timeLimit(.minutes(10)))
struct SemanticNullabilityTests {
    /// A profile as the server answers it, with `overrides` (raw JSON by field) and the errors at `errorPaths`.
    static func answer(_ overrides: [String: String] = [:], errors errorPaths: [[JSONValue]] = []) -> String {
        var fields: [(String, String)] = [
            ("__typename", #""Profile""#), ("id", #""p1""#), ("name", #""Ada""#), ("email", #""ada@example.com""#),
            ("bio", "null"), ("tags", #"["math","engines"]"#), ("nickname", #""ada""#),
            ("avatar", #"{"__typename":"Avatar","url":"https://example.com/a.png","width":64}"#),
        ]
        fields = fields.map { name, value in (name, overrides[name] ?? value) }
        let profile = overrides["profile"] ?? "{" + fields.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
        let errors = errorPaths.map { path in
            let message = "failed at " + path.map { $0.stringValue ?? "\($0.intValue ?? -1)" }.joined(separator: ".")
            return GraphQLError(
                message: message,
                path: ResponsePath(
                    path.map {
                        $0.stringValue.map(ResponsePath.Component.field)
                            ?? .index(Int($0.intValue ?? 0))
                    }), extensions: ["code": "DOWN"]
            ).jsonValue
        }
        let errorsText = String(decoding: JSONWriter().write(.array(errors)), as: UTF8.self)
        return #"{"data":{"profile":\#(profile)},"errors":\#(errorsText)}"#
    }

    static func client(answering body: String, cache: CacheStore = CacheStore()) -> (APIClient, ClosureTransport) {
        let transport = ClosureTransport { _ in ClosureTransport.json(body) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport, cache: cache))
        return (client, transport)
    }

    static let cacheOnly = RequestOptions(cachePolicy: .cacheOnly)

    @Test("under THROW a semantically non-null field is a plain value, and a nullable one without an error is nil")
    func throwingFullAnswer() async throws {
        let (client, _) = Self.client(
            answering: Self.answer(["avatar": #"{"__typename":"Avatar","url":"u","width":null}"#]))
        let response = try await client.execute(SemanticProfileThrowingQuery(id: "p1"))
        let profile = try #require(response.value.profile)
        let name: String = profile.name
        let tags: [String] = profile.tags
        let nickname: String = profile.nickname
        #expect(name == "Ada")
        #expect(tags == ["math", "engines"])
        #expect(nickname == "ada")
        #expect(profile.bio == nil)
        #expect(profile.avatar.url == "u")
        #expect(profile.avatar.width == nil)
        #expect(response.errors.isEmpty)
    }

    static let throwingFailures: [(overrides: [String: String], path: [JSONValue])] = [
        (["name": "null"], ["profile", "name"]),
        (["tags": #"["math",null]"#], ["profile", "tags", 1]),
        (["tags": "null"], ["profile", "tags"]),
        // @semanticNonNullField on the type, as an app extends a schema it does not own.
        (["nickname": "null"], ["profile", "nickname"]),
        // A nullable field whose error is thrown: its null is not the person's choice.
        (["bio": "null"], ["profile", "bio"]),
        (["avatar": #"{"__typename":"Avatar","url":"u","width":null}"#], ["profile", "avatar", "width"]),
        // The server took a non-null field's null up to `avatar`.
        (["avatar": "null"], ["profile", "avatar", "url"]),
    ]

    @Test(
        "under THROW an error goes up to the nearest position that catches it, from the network and from the cache",
        arguments: throwingFailures.indices)
    func throwingFailure(_ index: Int) async throws {
        let failure = Self.throwingFailures[index]
        let (client, _) = Self.client(answering: Self.answer(failure.overrides, errors: [failure.path]))
        let expectedPath = ResponsePath(
            failure.path.map { $0.stringValue.map(ResponsePath.Component.field) ?? .index(Int($0.intValue ?? 0)) })
        let response = try await client.execute(SemanticProfileThrowingQuery(id: "p1"))
        #expect(response.value.profile == nil)
        #expect(response.errors.map(\.path) == [expectedPath])
        let cached = try await client.execute(SemanticProfileThrowingQuery(id: "p1"), options: Self.cacheOnly)
        #expect(cached.metadata.source == .cache)
        #expect(cached.value.profile == nil)
        #expect(cached.errors.count == 1)
        #expect(cached.errors.first?.code == "DOWN")
    }

    @Test("a semantically non-null field the server left null without an error is the client's error, not a value")
    func semanticNullWithoutError() async throws {
        let (client, _) = Self.client(answering: Self.answer(["name": "null"]))
        let thrown = try await client.execute(SemanticProfileThrowingQuery(id: "p1"))
        #expect(thrown.value.profile == nil)
        #expect(thrown.errors.map(\.code) == [GraphQLNullPropagation.errorCode])
        #expect(thrown.errors.first?.path == ["profile", "name"])

        let results = try await client.execute(
            SemanticProfileResultsQuery(id: "p1"), options: RequestOptions(cachePolicy: .networkOnly))
        let name = try #require(results.value.profile?.name)
        #expect(name.error?.code == GraphQLNullPropagation.errorCode)
        #expect(name.error?.path == ["profile", "name"])
    }

    @Test("@catch(to: RESULT) gives each field its value or its own error, and the cache gives back the same")
    func results() async throws {
        let body = Self.answer(
            [
                "name": "null", "bio": "null", "tags": #"["math",null]"#,
                "avatar": "null",
            ], errors: [["profile", "name"], ["profile", "avatar", "url"], ["profile", "tags", 1]])
        let (client, transport) = Self.client(answering: body)
        for options in [RequestOptions(cachePolicy: .networkOnly), Self.cacheOnly] {
            let response = try await client.execute(SemanticProfileResultsQuery(id: "p1"), options: options)
            let profile = try #require(response.value.profile)
            #expect(profile.id == "p1")
            let name: GraphQLFieldResult<String> = profile.name
            #expect(name.value == nil)
            #expect(name.error?.message == "failed at profile.name")
            #expect(name.error?.path == ["profile", "name"])
            #expect(profile.email == .value("ada@example.com"))
            #expect(profile.bio == .value(nil))
            // The error of `avatar.url`, which the server took up to `avatar`, is avatar's (the cache keeps it on
            // `avatar`, the field it reached, and reports it there).
            #expect(profile.avatar.error?.message == "failed at profile.avatar.url")
            #expect(profile.avatar.error?.path?.components.starts(with: ["profile", "avatar"]) == true)
            // `tags` throws at its elements and catches at the list: the list is nil, the profile is whole.
            #expect(profile.tags == nil)
            #expect(
                Set(response.errors.map(\.message)) == [
                    "failed at profile.name", "failed at profile.avatar.url", "failed at profile.tags.1",
                ])
        }
        #expect(transport.requests.count == 1)
        let sent = try JSONReader().read(try #require(transport.requests.first?.body))
        let query = try #require(sent["query"]?.stringValue)
        #expect(!query.contains("@catch"))
        #expect(query.contains("tags"))
    }

    @Test("a result field with a value reads as the value, and one built with an error keeps it")
    func resultValuesAndInitializer() async throws {
        let (client, _) = Self.client(answering: Self.answer(["bio": #""Analyst""#]))
        let profile = try #require(try await client.execute(SemanticProfileResultsQuery(id: "p1")).value.profile)
        #expect(profile.name == .value("Ada"))
        #expect(try profile.name.get() == "Ada")
        #expect(profile.bio == .value("Analyst"))
        #expect(profile.avatar.value?.url == "https://example.com/a.png")
        #expect(profile.tags == ["math", "engines"])

        let failure = GraphQLError(message: "mail down", path: ["profile", "email"])
        let built = SemanticProfileResultsQuery.Data.Profile(
            id: "p2", name: .value("Grace"), email: .error(failure), bio: .value(nil),
            avatar: .value(.init(url: "g.png")))
        #expect(built.email.error == failure)
        #expect(throws: GraphQLError.self) { try built.email.get() }
        #expect(built.name.value == "Grace")
        #expect(built.bio == .value(nil))
    }

    @Test("with nothing to catch it, an error fails the whole read with its path")
    func uncaughtFailsTheRead() async throws {
        let body = """
            {"data":{"profiles":[{"__typename":"Profile","id":"p1","name":"Ada"},\
            {"__typename":"Profile","id":"p2","name":null}]},\
            "errors":[{"message":"name down","path":["profiles",1,"name"]}]}
            """
        let (client, _) = Self.client(answering: body)
        let error = await #expect(throws: APIError.self) { try await client.execute(SemanticProfilesQuery()) }
        #expect(error?.code == .graphQL)
        #expect(error?.graphQLErrors.map(\.path) == [["profiles", 1, "name"]])

        let whole = """
            {"data":{"profiles":[{"__typename":"Profile","id":"p1","name":"Ada"}]}}
            """
        let (fine, _) = Self.client(answering: whole)
        let names: [String] = try await fine.execute(SemanticProfilesQuery()).value.profiles.map(\.name)
        #expect(names == ["Ada"])
    }

    @Test("without @catchByDefault every nullable position stays optional and an error is nil, as before")
    func defaultIsNull() async throws {
        let (client, _) = Self.client(answering: Self.answer(["name": "null"], errors: [["profile", "name"]]))
        let response = try await client.execute(SemanticProfileQuery(id: "p1"))
        let profile = try #require(response.value.profile)
        let name: String? = profile.name
        #expect(name == nil)
        #expect(profile.tags == ["math", "engines"])
        #expect(response.errors.map(\.path) == [["profile", "name"]])
    }

    @Test("a fragment's own @catchByDefault holds wherever it is spread")
    func fragmentDefault() async throws {
        let (client, _) = Self.client(answering: Self.answer())
        let contact = try #require(try await client.execute(SemanticProfileContactQuery(id: "p1")).value.profile)
            .fragments.profileContact
        let name: String = contact.name
        let email: String = contact.email
        #expect([name, email] == ["Ada", "ada@example.com"])

        let (failing, _) = Self.client(answering: Self.answer(["email": "null"], errors: [["profile", "email"]]))
        let response = try await failing.execute(SemanticProfileContactQuery(id: "p1"))
        #expect(response.value.profile == nil)
        #expect(response.errors.map(\.path) == [["profile", "email"]])
    }

    @Test("the documents sent carry no client-only nullability directive")
    func documentsSent() {
        for document in [
            SemanticProfileThrowingQuery.document, SemanticProfileResultsQuery.document, SemanticProfilesQuery.document,
            SemanticProfileContactQuery.document, ProfileContact.fragmentDefinition,
        ] {
            #expect(!document.contains("@catch"), "\(document)")
        }
        #expect(SemanticProfileResultsQuery.document.contains("email"))
    }
}
