import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

@Suite("Operations of hand-written documents")
struct OperationScannerTests {
    typealias Operation = OperationScanner.Operation

    @Test("kinds and names of every top-level operation, fragments skipped")
    func operations() {
        let document = """
            # query Commented { a }
            query A($x: In = {y: "mutation Z { }"}) @cached { a(b: "{") { c } }
            fragment F on T { mutation }
            mutation B { b }
            subscription @live { s }
            { shorthand }
            \"\"\" mutation InBlockString \"\"\"
            """
        #expect(
            OperationScanner.operations(in: document) == [
                Operation(kind: .query, name: "A"), Operation(kind: .mutation, name: "B"),
                Operation(kind: .subscription, name: nil), Operation(kind: .query, name: nil),
            ])
    }

    @Test("the selected operation decides the kind: a mutation named after a query stays a mutation")
    func selected() {
        let document = "query A { a } mutation B { b }"
        #expect(OperationScanner.selectedOperation(in: document, operationName: "B").kind == .mutation)
        #expect(OperationScanner.selectedOperation(in: document, operationName: "A").kind == .query)
        #expect(OperationScanner.selectedOperation(in: "mutation M { m }", operationName: nil).name == "M")
    }

    @Test("a mutation selected by name is sent with POST even when queries use GET, and is not retried")
    func mutationSelectedByName() async throws {
        let transport = ClosureTransport { _ in
            ClosureTransport.json(
                #"{"data":{"b":1}}"#, status: 503, contentType: "application/graphql-response+json")
        }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport,
                interceptors: [RetryInterceptor(policy: RetryPolicy(sleep: { _ in }))], queryMethod: .get))
        _ = try await client.execute(
            document: "query A { a } mutation B { b }", operationName: "B", as: JSONValue.self)
        #expect(transport.requests.map(\.method) == [.post])
        #expect(transport.requests.first?.kind == .graphQL(.mutation))
    }

    @Test("a single named operation is reported under its own name")
    func inferredName() async throws {
        let transport = ClosureTransport { _ in ClosureTransport.json(#"{"data":{"a":1}}"#) }
        let client = APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:1/graphql")!, transport: transport))
        let response = try await client.execute(document: "query Named { a }", as: JSONValue.self)
        #expect(response.metadata.operationName == "Named")
    }
}
