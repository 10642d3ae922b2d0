import APICoreKit
import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreJSON
@testable import APICoreKit

/// How queries are gathered into batches, split back and kept apart, against a transport that answers arrays the way
/// a batching server does: what decides each outcome here is the batch's size cap, never its window, so no clock is
/// involved. The live suite (`BatchingLiveTests`) shows the same against strawberry and ariadne.
@Suite("Batching: gathering, splitting, isolation", .timeLimit(.minutes(5)))
struct BatchingTests {
    /// A product answer for one operation of a request body: titled after the `id` variable.
    static func answer(to operation: JSONValue) -> String {
        let id = operation["variables"]?["id"]?.stringValue ?? "?"
        return
            #"{"data":{"product":{"__typename":"Product","id":"\#(id)","title":"Product \#(id)","priceCents":5,"owner":null}}}"#
    }

    /// Answers a batch with an array of answers in order, a single operation with its answer.
    static func batchingServer(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.method == .get {
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let variables = try JSONReader().read(Data((items.first { $0.name == "variables" }?.value ?? "{}").utf8))
            return ClosureTransport.json(answer(to: .object(["variables": variables])))
        }
        let body = try JSONReader().read(request.body ?? Data())
        if case .array(let operations) = body {
            return ClosureTransport.json("[" + operations.map(answer(to:)).joined(separator: ",") + "]")
        }
        if request.kind == .graphQL(.mutation) { return ClosureTransport.json(ProductBodies.update) }
        return ClosureTransport.json(answer(to: body))
    }

    static func client(
        _ transport: ClosureTransport,
        batching: GraphQLBatching = GraphQLBatching(window: .seconds(600), maximumOperations: 6),
        interceptors: [any APIInterceptor] = [],
        queryMethod: GraphQLQueryMethod = .post
    ) -> APIClient {
        APIClient(
            configuration: APIClientConfiguration(
                graphQLEndpoint: URL(string: "http://127.0.0.1:9/graphql")!, transport: transport,
                interceptors: interceptors, queryMethod: queryMethod, batching: batching))
    }

    /// What a call ends with.
    static func outcome<Value>(
        _ call: () async throws(APIError) -> Value
    ) async -> Result<Value, APIError> {
        do throws(APIError) {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }

    /// The `id` variables of a batch request's operations, in the array's order.
    static func ids(of request: HTTPRequest) throws -> [String] {
        guard case .array(let operations) = try JSONReader().read(try #require(request.body)) else { return [] }
        return operations.compactMap { $0["variables"]?["id"]?.stringValue }
    }

    @Test("six queries started together go out as one POST of six, and each caller gets its own answer")
    func sixInOne() async throws {
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(transport)
        let titles = try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for id in 1...6 {
                group.addTask { ("\(id)", try await client.execute(ProductQuery(id: "\(id)")).value.product?.title) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(titles == Dictionary(uniqueKeysWithValues: (1...6).map { ("\($0)", "Product \($0)") }))
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == .post)
        #expect(Set(try Self.ids(of: request)) == Set((1...6).map { "\($0)" }))
        guard case .array(let operations) = try JSONReader().read(try #require(request.body)) else {
            Issue.record("the batch's body is not an array")
            return
        }
        #expect(operations.allSatisfy { $0["operationName"] == "Product" })
        #expect(operations.allSatisfy { $0["query"]?.stringValue?.hasPrefix("query Product") == true })
    }

    @Test("a query alone in its window is sent as a plain request, not an array of one")
    func loneQuery() async throws {
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(transport, batching: GraphQLBatching(window: .zero))
        let response = try await client.execute(ProductQuery(id: "7"))
        #expect(response.value.product?.title == "Product 7")
        let body = try JSONReader().read(try #require(transport.requests.first?.body))
        #expect(body["operationName"] == "Product")
    }

    @Test("mutations, GET queries and queries that opt out are sent at once on their own, never waiting for a batch")
    func neverBatched() async throws {
        // A window no test waits out: anything that joined a batch would hang the test.
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(transport)
        _ = try await client.execute(UpdateProductMutation(id: "1", title: "Engine"))
        let alone = try await client.execute(ProductQuery(id: "2"), options: RequestOptions(batches: false))
        #expect(alone.value.product?.title == "Product 2")
        let get = try await client.execute(ProductQuery(id: "3"), options: RequestOptions(queryMethod: .get))
        #expect(get.value.product?.title == "Product 3")
        #expect(transport.requests.map(\.method.rawValue) == ["POST", "POST", "GET"])
    }

    @Test("with batchesByDefault off, only the queries that ask for it are batched")
    func optIn() async throws {
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(
            transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 2, batchesByDefault: false))
        _ = try await client.execute(ProductQuery(id: "1"))
        async let first = client.execute(ProductQuery(id: "2"), options: RequestOptions(batches: true))
        async let second = client.execute(ProductQuery(id: "3"), options: RequestOptions(batches: true))
        #expect(try await [first.value.product?.title, second.value.product?.title] == ["Product 2", "Product 3"])
        #expect(transport.requests.count == 2)
        #expect(Set(try Self.ids(of: transport.requests[1])) == ["2", "3"])
    }

    @Test("queries with different header fields go in different batches, each carrying its own headers")
    func headersKeepBatchesApart() async throws {
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 2))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for tenant in ["a", "b"] {
                for index in 1...2 {
                    group.addTask {
                        let options = RequestOptions(headers: ["X-Tenant": tenant])
                        let response = try await client.execute(ProductQuery(id: "\(tenant)\(index)"), options: options)
                        #expect(response.value.product?.title == "Product \(tenant)\(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(transport.requests.count == 2)
        for request in transport.requests {
            let tenant = try #require(request.headers["X-Tenant"])
            #expect(Set(try Self.ids(of: request)) == ["\(tenant)1", "\(tenant)2"])
        }
    }

    @Test("each query goes through the interceptors on its own: its own request in, its own response out")
    func interceptorsSeeEachQuery() async throws {
        let seen = Lock<[(request: String, response: String)]>([])
        let recorder = ClosureInterceptor { request, next in
            let response = try await next(request)
            seen.withLock {
                $0.append(
                    (
                        String(decoding: request.body ?? Data(), as: UTF8.self),
                        String(decoding: response.body, as: UTF8.self)
                    ))
            }
            return response
        }
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(
            transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 3), interceptors: [recorder])
        async let one = client.execute(ProductQuery(id: "1"))
        async let two = client.execute(ProductQuery(id: "2"))
        async let three = client.execute(ProductQuery(id: "3"))
        _ = try await (one, two, three)
        #expect(transport.requests.count == 1)
        let exchanges = seen.withLock { $0 }
        #expect(exchanges.count == 3)
        for exchange in exchanges {
            // A request body of one operation, answered by that operation's own result.
            let request = try JSONReader().read(Data(exchange.request.utf8))
            #expect(exchange.response == Self.answer(to: request))
        }
    }

    @Test(
        "a server that answers a batch with one result fails every query with invalidResponse, its errors kept",
        arguments: [200, 400, 422])
    func notAnArray(status: Int) async throws {
        let transport = ClosureTransport { _ in
            ClosureTransport.json(#"{"errors":[{"message":"Batching is not enabled"}]}"#, status: status)
        }
        let client = Self.client(transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 2))
        async let first = Self.outcome { () async throws(APIError) in try await client.execute(ProductQuery(id: "1")) }
        async let second = Self.outcome { () async throws(APIError) in try await client.execute(ProductQuery(id: "2")) }
        for result in await [first, second] {
            guard case .failure(let error) = result else {
                Issue.record("a query of a refused batch succeeded")
                continue
            }
            #expect(error.code == .invalidResponse)
            #expect(error.statusCode == status)
            #expect(error.operationName == "Product")
            #expect(error.graphQLErrors.map(\.message) == ["Batching is not enabled"])
            #expect(error.reason?.contains("batch of 2 operations with a single result") == true)
        }
        #expect(transport.requests.count == 1)
    }

    @Test("an array of the wrong length fails every query of the batch; so does a body that is not JSON")
    func wrongLength() async throws {
        for body in [#"[{"data":null}]"#, "<html>oops</html>"] {
            let transport = ClosureTransport { _ in ClosureTransport.json(body) }
            let client = Self.client(transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 2))
            async let first = Self.outcome { () async throws(APIError) in
                try await client.execute(ProductQuery(id: "1"))
            }
            async let second = Self.outcome { () async throws(APIError) in
                try await client.execute(ProductQuery(id: "2"))
            }
            for result in await [first, second] {
                #expect(throws: APIError.self) { try result.get() }
                if case .failure(let error) = result {
                    #expect(error.code == .invalidResponse)
                    #expect(error.reason?.contains(body.hasPrefix("[") ? "a list of 1 results" : "not JSON") == true)
                }
            }
        }
    }

    @Test("a 503 to a batch reaches each query as it would alone: an HTTP status error for each")
    func statusErrorsReachEachQuery() async throws {
        let transport = ClosureTransport { _ in
            ClosureTransport.json("unavailable", status: 503, contentType: "text/plain")
        }
        let client = Self.client(transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 2))
        async let first = Self.outcome { () async throws(APIError) in try await client.execute(ProductQuery(id: "1")) }
        async let second = Self.outcome { () async throws(APIError) in try await client.execute(ProductQuery(id: "2")) }
        for result in await [first, second] {
            if case .failure(let error) = result {
                #expect(error.code == .httpStatus)
                #expect(error.statusCode == 503)
            } else {
                Issue.record("a query of a batch answered 503 succeeded")
            }
        }
    }

    @Test("a query cancelled before its batch is sent is left out of it; the batch goes without it")
    func cancelledBeforeSending() async throws {
        let transport = ClosureTransport(Self.batchingServer)
        let client = Self.client(transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 3))
        let batcher = try #require(client.batcher)
        let cancelled = Task { try await client.execute(ProductQuery(id: "gone")) }
        let kept = Task { try await client.execute(ProductQuery(id: "1")) }
        await batcher.waitForUnsent(2)
        cancelled.cancel()
        await batcher.waitForUnsent(1)
        async let second = client.execute(ProductQuery(id: "2"))
        async let third = client.execute(ProductQuery(id: "3"))
        let titles = try await [
            kept.value.value.product?.title, second.value.product?.title, third.value.product?.title,
        ]
        #expect(titles == ["Product 1", "Product 2", "Product 3"])
        let error = await #expect(throws: APIError.self) { try await cancelled.value }
        #expect(error?.code == .cancelled)
        #expect(transport.requests.count == 1)
        #expect(Set(try Self.ids(of: transport.requests[0])) == ["1", "2", "3"])
    }

    @Test(
        "once a batch is sent, a cancelled caller stops only its own wait; when all have left, the request is cancelled"
    )
    func cancelledAfterSending() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let (releases, release) = AsyncStream.makeStream(of: Void.self)
        let (ends, ended) = AsyncStream.makeStream(of: Bool.self)
        let transport = ClosureTransport { request in
            arrived.yield()
            for await _ in releases { break }
            ended.yield(Task.isCancelled)
            try Task.checkCancellation()
            return try Self.batchingServer(request)
        }
        let client = Self.client(transport, batching: GraphQLBatching(window: .seconds(600), maximumOperations: 3))
        var arrival = arrivals.makeAsyncIterator()
        var end = ends.makeAsyncIterator()

        // One of three leaves after the batch was sent: the other two get their answers.
        let calls = (1...3).map { id in Task { try await client.execute(ProductQuery(id: "\(id)")) } }
        _ = await arrival.next()
        calls[0].cancel()
        let error = await #expect(throws: APIError.self) { try await calls[0].value }
        #expect(error?.code == .cancelled)
        release.yield()
        #expect(await end.next() == false)
        #expect(try await calls[1].value.value.product?.title == "Product 2")
        #expect(try await calls[2].value.value.product?.title == "Product 3")

        // All three leave: the request itself is cancelled.
        let abandoned = (4...6).map { id in Task { try await client.execute(ProductQuery(id: "\(id)")) } }
        _ = await arrival.next()
        for call in abandoned { call.cancel() }
        #expect(await end.next() == true)
        for call in abandoned { await #expect(throws: APIError.self) { try await call.value } }
        #expect(transport.requests.count == 2)
    }

    @Test("the elements of a JSON array are found byte for byte, whatever they hold (seeded, 2,000 arrays)")
    func arrayElements() throws {
        var random = SeededGenerator(seed: 20_261_129)
        for _ in 0..<2000 {
            let elements = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Self.randomJSON(depth: 0, using: &random)
            }
            let space = [" ", "\n", "\t", "\r\n", ""]
            var text = "[" + space.randomElement(using: &random)!
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    text += space.randomElement(using: &random)! + "," + space.randomElement(using: &random)!
                }
                text += element
            }
            text += space.randomElement(using: &random)! + "]" + space.randomElement(using: &random)!
            let bytes = Data(text.utf8)
            let ranges = try #require(JSONArrayElements.ranges(in: bytes), "not found in \(text)")
            #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == elements, "in \(text)")
            for element in elements { _ = try JSONReader().read(Data(element.utf8)) }
            // No prefix of an array that stops before its closing bracket is an array.
            let closing = try #require(bytes.lastIndex(of: UInt8(ascii: "]")))
            let cut = Int.random(in: 0...closing, using: &random)
            #expect(JSONArrayElements.ranges(in: bytes.prefix(cut)) == nil, "a prefix of \(text)")
        }
        for notAnArray in [#"{"data":null}"#, "null", "3", #""[1]""#, "[1,]", "[1 2]", "[1]]", "", "[", "[{]"] {
            #expect(JSONArrayElements.ranges(in: Data(notAnArray.utf8)) == nil, "\(notAnArray)")
        }
    }

    /// Random JSON text: strings full of quotes, escapes, brackets and commas, numbers of every form, nesting.
    static func randomJSON(depth: Int, using random: inout SeededGenerator) -> String {
        let pieces = ["a", "\\\"", "\\\\", "[", "]", "{", "}", ",", ":", "é", "🦆", "\\u0041", "\\n", " "]
        switch Int.random(in: 0...(depth > 3 ? 3 : 5), using: &random) {
        case 0: return ["null", "true", "false"].randomElement(using: &random)!
        case 1: return ["0", "-12", "9007199254740993", "1.5e-7", "3.25", "-0.0"].randomElement(using: &random)!
        case 2, 3:
            return "\""
                + (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined() + "\""
        case 4:
            return "["
                + (0..<Int.random(in: 0...3, using: &random)).map { _ in randomJSON(depth: depth + 1, using: &random) }
                .joined(separator: ", ") + "]"
        default:
            return "{"
                + (0..<Int.random(in: 0...3, using: &random)).map { index in
                    "\"k\(index)\" : " + randomJSON(depth: depth + 1, using: &random)
                }.joined(separator: ",") + "}"
        }
    }
}

/// An interceptor that runs a closure: for tests that record what one interceptor sees.
private struct ClosureInterceptor: APIInterceptor {
    let body: @Sendable (HTTPRequest, APIInterceptorNext) async throws -> HTTPResponse

    init(_ body: @escaping @Sendable (HTTPRequest, APIInterceptorNext) async throws -> HTTPResponse) {
        self.body = body
    }

    func intercept(_ request: HTTPRequest, next: APIInterceptorNext) async throws -> HTTPResponse {
        try await body(request, next)
    }
}
