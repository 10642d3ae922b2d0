import APICoreGraphQL
import APICoreJSON
import APICoreKit
import Foundation

/// The oracle of the cache's differential tests: `oracle_app.py` (graphql-core), serving any schema from an object
/// graph that a seed fixes, so that the same query always gets the same answer and an object (a type and an id) has
/// the same fields whichever path reaches it. Its answers are read here straight off the wire, by a transport of
/// their own, so nothing of the client under test stands between the server and the comparison.
public final class OracleServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    /// The GraphQL endpoint.
    public let endpoint: URL
    private let child: ChildProcess
    private let transport: any HTTPTransport

    private init(port: Int, child: ChildProcess) {
        self.port = port
        endpoint = URL(string: "http://127.0.0.1:\(port)/graphql")!
        self.child = child
        transport = TestTransport.platform.make()
    }

    /// Starts the server on `schema` (an SDL file) with the object graph of `seed`, each object type having `pool`
    /// ids, so that random queries meet the same objects again.
    public static func start(schema: URL, seed: UInt64, pool: Int = 6) async throws -> OracleServer {
        let (child, port) = try await PythonServer.launch(
            "oracle_app.py",
            arguments: ["--port", "0", "--schema", schema.path, "--seed", String(seed), "--pool", String(pool)],
            name: "the oracle server")
        return OracleServer(port: port, child: child)
    }

    /// Stops the server.
    public func stop() async {
        child.terminate()
        _ = await child.waitForExit(timeout: .seconds(10))
    }

    deinit { child.terminate() }

    /// The server's whole answer (`data`, `errors`) to `document` with `variables`, as JSON.
    public func answer(document: String, variables: JSONObject, operationName: String?) async throws -> JSONObject {
        var body: JSONObject = ["query": .string(document), "variables": .object(variables)]
        if let operationName { body["operationName"] = .string(operationName) }
        let request = HTTPRequest(
            method: .post, url: endpoint, headers: ["Content-Type": "application/json"],
            body: Data(JSONWriter().string(.object(body)).utf8), operationName: operationName ?? "oracle",
            kind: .graphQL(.query))
        let response = try await transport.send(request)
        guard response.statusCode == 200, case .object(let answer) = try JSONReader().read(response.body) else {
            throw ReferenceServerError(
                .controlRequestFailed,
                "the oracle server answered \(response.statusCode): \(String(decoding: response.body, as: UTF8.self))")
        }
        return answer
    }
}
