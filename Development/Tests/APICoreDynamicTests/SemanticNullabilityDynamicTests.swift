import APICoreDynamic
import APICoreGraphQL
import APICoreJSON
import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

/// A document compiled at run time reads the nullability directives as generated code does: errors thrown up to the
/// position that catches them, results kept beside their field, and the directives left out of the document sent.
@Suite("Semantic nullability in documents compiled at run time")
struct SemanticNullabilityDynamicTests {
    static let sdl = """
        type Query { me: User }
        type User { id: ID! name: String @semanticNonNull bio: String }
        """

    static let answer = """
        {"data":{"me":{"__typename":"User","id":"1","name":null,"bio":"Analyst"}},\
        "errors":[{"message":"name down","path":["me","name"]}]}
        """

    @Test("THROW takes an error up to the field that catches it; RESULT keeps it beside the field, as JSON")
    func throwAndResult() async throws {
        let schema = try GraphQLRuntimeSchema(sdl: Self.sdl)
        let transport = ClosureTransport { _ in ClosureTransport.json(Self.answer) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport))
        let networkOnly = RequestOptions(cachePolicy: .networkOnly)

        let thrown = try schema.compile(
            document: "query Thrown @catchByDefault(to: THROW) { me @catch(to: NULL) { id name bio } }")
        #expect(!thrown.document.contains("@catch"))
        let thrownData = try await client.execute(GraphQLDynamicQuery(thrown), options: networkOnly).value
        #expect(thrownData.object["me"] == .null)

        let caught = try schema.compile(document: "query Caught { me { id name @catch bio } }")
        let caughtData = try await client.execute(GraphQLDynamicQuery(caught), options: networkOnly).value
        let me = try #require(caughtData.object["me"]?.objectValue)
        #expect(me["bio"] == "Analyst")
        #expect(me["name"] == .null)
        #expect(me[GraphQLErrorCatching.errorKey(of: "name")]?["message"] == "name down")

        let sent = try transport.requests.map { request in try JSONReader().read(try #require(request.body)) }
        #expect(sent.allSatisfy { $0["query"]?.stringValue?.contains("@catch") == false })
    }
}
