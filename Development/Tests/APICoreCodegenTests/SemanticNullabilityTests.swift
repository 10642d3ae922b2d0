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
    static func answer(_ overrides: [String: String] = [:], errors errorPaths: [ResponsePath] = []) -> String {
        var fields: [(String, String)] = [
            ("__typename", #""Profile""#), ("id", #""p1""#), ("name", #""Ada""#), ("email", #""ada@example.com""#),
            ("bio", "null"), ("tags", #"["math","engines"]"#), ("nickname", #""ada""#),
            ("avatar", #"{"__typename":"Avatar","url":"https://example.com/a.png","width":64}"#),
        ]
        fields = fields.map { name, value in (name, overrides[name] ?? value) }
        let profile = overrides["profile"] ?? "{" + fields.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
        let errors = errorPaths.map { path in
            GraphQLError(message: "failed at \(path)", path: path, extensions: ["code": "DOWN"]).jsonValue
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

    static let throwingFailures: [(overrides: [String: String], path: ResponsePath)] = [
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
        let response = try await client.execute(SemanticProfileThrowingQuery(id: "p1"))
        #expect(response.value.profile == nil)
        #expect(response.errors.map(\.path) == [failure.path])
        let cached = try await client.execute(SemanticProfileThrowingQuery(id: "p1"), options: Self.cacheOnly)
        #expect(cached.metadata.source == .cache)
        #expect(cached.value.profile == nil)
        #expect(cached.errors.count == 1)
        #expect(cached.errors.first?.code == "DOWN")
    }

    @Test("what a THROW operation stores is what the server sent, so another operation reads the same fields as sent")
    func throwingStoresWhatWasSent() async throws {
        // The server took `avatar.url`'s null up to `avatar`: the THROW operation catches it at `profile`.
        let body = Self.answer(["avatar": "null"], errors: [["profile", "avatar", "url"]])
        let (client, _) = Self.client(answering: body)
        let thrown = try await client.execute(SemanticProfileThrowingQuery(id: "p1"))
        #expect(thrown.value.profile == nil)
        // The profile is stored as sent, not as the error the THROW operation made of it.
        let plain = try await client.execute(SemanticProfileQuery(id: "p1"), options: Self.cacheOnly)
        #expect(plain.metadata.source == .cache)
        #expect(plain.value.profile?.name == "Ada")
        #expect(plain.value.profile?.tags == ["math", "engines"])
        #expect(plain.errors.isEmpty)
        // The THROW operation itself reads the same from the cache as from the network.
        let again = try await client.execute(SemanticProfileThrowingQuery(id: "p1"), options: Self.cacheOnly)
        #expect(again.value.profile == nil)
        #expect(again.errors.map(\.message) == ["failed at profile.avatar.url"])
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

    @Test("a plain null another operation stored reads under THROW from the cache as from the network")
    func storedNullUnderThrow() async throws {
        let cache = CacheStore()
        let (full, _) = Self.client(answering: Self.answer(), cache: cache)
        _ = try await full.execute(SemanticProfileThrowingQuery(id: "p1"))
        // Later the server sent `name: null` without an error; the operation without directives stores it as a null.
        let (client, _) = Self.client(answering: Self.answer(["name": "null"]), cache: cache)
        let plain = try await client.execute(
            SemanticProfileQuery(id: "p1"), options: RequestOptions(cachePolicy: .networkOnly))
        #expect(plain.value.profile?.name == nil)
        #expect(plain.errors.isEmpty)

        // Under THROW the cache reads it as the network does: the client's error at `name`, caught at `profile`.
        let thrown = try await client.execute(SemanticProfileThrowingQuery(id: "p1"), options: Self.cacheOnly)
        #expect(thrown.metadata.source == .cache)
        #expect(thrown.value.profile == nil)
        #expect(thrown.errors.map(\.code) == [GraphQLNullPropagation.errorCode])
        #expect(thrown.errors.first?.path == ["profile", "name"])
        let network = try await client.execute(
            SemanticProfileThrowingQuery(id: "p1"), options: RequestOptions(cachePolicy: .networkOnly))
        #expect(network.value == thrown.value)
        #expect(network.errors.map(\.path) == thrown.errors.map(\.path))
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

/// Random answers (a seeded generator of what each field of a profile can come back as: a value, a real `null`, an
/// error, an error the server took up from below, a `null` a server should not have sent) against a model of what
/// `@catch` and `@catchByDefault` say the app reads, from the network and then from the cache.
@Suite("Semantic nullability against a model", .timeLimit(.minutes(10)))
struct SemanticNullabilityModelTests {
    /// What the server sent for one position.
    enum Outcome: CaseIterable {
        case value
        /// `null` with an error at the position.
        case error
        /// `null` and no error: a real null for a nullable field, a broken promise for a semantically non-null one.
        case null
    }

    /// One generated answer: an outcome per field, and per tag and the avatar's parts.
    struct Answer: CustomStringConvertible {
        var name: Outcome
        var email: Outcome
        var nickname: Outcome
        var bio: Outcome
        /// `nil` for the list itself failed.
        var tags: [Outcome]?
        /// `avatar` failed at itself (`error`), at its non-null `url` (taken up to it: `null`), or not (`value`).
        var avatar: Outcome
        var width: Outcome

        init(_ random: inout SeededGenerator) {
            func pick(_ generator: inout SeededGenerator, nullWeight: Int = 1) -> Outcome {
                let roll = Int.random(in: 0..<(6 + nullWeight), using: &generator)
                return roll < 4 ? .value : roll < 6 ? .error : .null
            }
            name = pick(&random)
            email = pick(&random)
            nickname = pick(&random)
            bio = pick(&random, nullWeight: 3)
            tags =
                Int.random(in: 0..<6, using: &random) == 0
                ? nil : (0..<Int.random(in: 0...3, using: &random)).map { _ in pick(&random) }
            avatar = pick(&random)
            width = pick(&random, nullWeight: 3)
        }

        var description: String {
            "name \(name), email \(email), nickname \(nickname), bio \(bio), tags \(tags.map { "\($0)" } ?? "failed"), "
                + "avatar \(avatar), width \(width)"
        }

        /// The JSON body a server sends for it, for a query selecting `width` or not.
        func body(selectingWidth: Bool) -> String {
            var errors: [String] = []
            func value(_ outcome: Outcome, _ json: String, at path: String) -> String {
                if outcome == .error { errors.append(path) }
                return outcome == .value ? json : "null"
            }
            var fields = [#""__typename":"Profile","id":"p1""#]
            fields.append(#""name":"# + value(name, #""Ada""#, at: #""profile","name""#))
            fields.append(#""email":"# + value(email, #""ada@example.com""#, at: #""profile","email""#))
            fields.append(#""nickname":"# + value(nickname, #""ada""#, at: #""profile","nickname""#))
            fields.append(#""bio":"# + value(bio, #""Analyst""#, at: #""profile","bio""#))
            if let tags {
                let items = tags.enumerated().map { index, outcome in
                    value(outcome, #""tag\#(index)""#, at: #""profile","tags",\#(index)"#)
                }
                fields.append(#""tags":["# + items.joined(separator: ",") + "]")
            } else {
                errors.append(#""profile","tags""#)
                fields.append(#""tags":null"#)
            }
            switch avatar {
            case .value:
                let width =
                    selectingWidth
                    ? "," + #""width":"# + value(self.width, "64", at: #""profile","avatar","width""#) : ""
                fields.append(#""avatar":{"__typename":"Avatar","url":"a.png""# + width + "}")
            case .error:
                errors.append(#""profile","avatar""#)
                fields.append(#""avatar":null"#)
            case .null:
                errors.append(#""profile","avatar","url""#)
                fields.append(#""avatar":null"#)
            }
            let errorList = errors.map { path in
                let message =
                    "failed at "
                    + path.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: ",", with: ".")
                return #"{"message":"\#(message)","path":[\#(path)]}"#
            }
            return #"{"data":{"profile":{"# + fields.joined(separator: ",") + #"}},"errors":["#
                + errorList.joined(separator: ",") + "]}"
        }

        /// What `SemanticProfileThrowing` reads: everything it selects is thrown up to `profile`, which catches it.
        var throwingModel: String {
            let tagsFail = tags.map { $0.contains { $0 != .value } } ?? true
            let avatarFails = avatar != .value || width == .error
            let fails =
                name != .value || nickname != .value || bio == .error || tagsFail || avatarFails
            if fails { return "profile nil" }
            let tagValues = (tags ?? []).indices.map { "tag\($0)" }
            return "Ada ada \(bio == .value ? "Analyst" : "nil") \(tagValues) a.png \(width == .value ? "64" : "nil")"
        }

        /// What `SemanticProfileResults` reads: each field its value or its error, the tags nil when one failed.
        var resultsModel: String {
            func result(_ outcome: Outcome, _ value: String, _ path: String, semantic: Bool = true) -> String {
                switch outcome {
                case .value: return "value(\(value))"
                case .error: return "error(failed at \(path))"
                case .null: return semantic ? "error(\(GraphQLNullPropagation.errorCode))" : "value(nil)"
                }
            }
            let avatarResult =
                switch avatar {
                case .value: "value(a.png)"
                case .error: "error(failed at profile.avatar)"
                case .null: "error(failed at profile.avatar.url)"
                }
            let tagValues = tags.flatMap { tags in
                tags.allSatisfy { $0 == .value } ? "\(tags.indices.map { "tag\($0)" })" : nil
            }
            return [
                result(name, "Ada", "profile.name"), result(email, "ada@example.com", "profile.email"),
                result(bio, "Analyst", "profile.bio", semantic: false), avatarResult, tagValues ?? "nil",
            ].joined(separator: " ")
        }
    }

    static func read(_ data: SemanticProfileThrowingQuery.Data) -> String {
        guard let profile = data.profile else { return "profile nil" }
        return "\(profile.name) \(profile.nickname) \(profile.bio ?? "nil") \(profile.tags) \(profile.avatar.url) "
            + "\(profile.avatar.width.map(String.init) ?? "nil")"
    }

    static func read(_ data: SemanticProfileResultsQuery.Data) -> String {
        guard let profile = data.profile else { return "profile nil" }
        func result<Value>(_ result: GraphQLFieldResult<Value>, _ show: (Value) -> String) -> String {
            switch result {
            case .value(let value): return "value(\(show(value)))"
            case .error(let error):
                return "error(\(error.code == GraphQLNullPropagation.errorCode ? error.code! : error.message))"
            }
        }
        return [
            result(profile.name) { $0 }, result(profile.email) { $0 }, result(profile.bio) { $0 ?? "nil" },
            result(profile.avatar) { $0.url }, profile.tags.map { "\($0)" } ?? "nil",
        ].joined(separator: " ")
    }

    @Test("300 seeded answers read as the model says, from the network and again from the cache")
    func againstTheModel() async throws {
        var random = SeededGenerator(seed: 20_261_129)
        for seed in 0..<300 {
            let answer = Answer(&random)
            let networkOnly = RequestOptions(cachePolicy: .networkOnly)
            let cacheOnly = SemanticNullabilityTests.cacheOnly

            let (throwing, _) = SemanticNullabilityTests.client(answering: answer.body(selectingWidth: true))
            let thrown = Self.read(
                try await throwing.execute(SemanticProfileThrowingQuery(id: "p1"), options: networkOnly).value)
            #expect(thrown == answer.throwingModel, "seed \(seed): \(answer)")
            let thrownCached = Self.read(
                try await throwing.execute(SemanticProfileThrowingQuery(id: "p1"), options: cacheOnly).value)
            #expect(thrownCached == thrown, "seed \(seed), from the cache: \(answer)")

            let (results, _) = SemanticNullabilityTests.client(answering: answer.body(selectingWidth: false))
            let caught = Self.read(
                try await results.execute(SemanticProfileResultsQuery(id: "p1"), options: networkOnly).value)
            #expect(caught == answer.resultsModel, "seed \(seed): \(answer)")
            let caughtCached = Self.read(
                try await results.execute(SemanticProfileResultsQuery(id: "p1"), options: cacheOnly).value)
            #expect(caughtCached == caught, "seed \(seed), from the cache: \(answer)")
            await Task.yield()
        }
    }
}
