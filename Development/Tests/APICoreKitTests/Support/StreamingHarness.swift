import APICoreKit
import APICoreTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The strawberry server's routes for streaming tests: gates that hold a resolver until the test opens them, and
/// waits on the server's own view of its subscribers. Each call waits on the server, never on a clock.
extension LiveClient {
    /// Opens the gate of `Query.gated(key: gate)`; returns how many resolvers were waiting on it.
    func openGate(_ gate: String) async throws -> Int {
        try await control("/control/open/\(gate)", method: "POST")["waiting"]?.intValue.map(Int.init) ?? -1
    }

    /// Returns once `count` resolvers wait on `gate`, with how many were cancelled (their request went away) while
    /// waiting.
    func gateWaiters(_ gate: String, count: Int) async throws -> (waiting: Int, cancelled: Int) {
        let answer = try await control("/control/gates/\(gate)/\(count)")
        return (
            answer["waiting"]?.intValue.map(Int.init) ?? -1, answer["cancelled"]?.intValue.map(Int.init) ?? -1
        )
    }

    /// Returns once the subscription `events(key: key)` has `count` live subscribers on the server.
    func waitForEventSubscribers(_ key: String, count: Int) async throws {
        _ = try await control("/control/subscribers/\(key)/\(count)")
    }

    private func control(_ path: String, method: String = "GET") async throws -> JSONValue {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method
        request.timeoutInterval = 600
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw APIError(.httpStatus, operationName: path, statusCode: (response as? HTTPURLResponse)?.statusCode)
        }
        return try JSONReader().read(data)
    }
}

/// Collects a stream's values until it ends; returns them with the error it ended with.
func collectValues<Value: Sendable>(
    _ stream: AsyncThrowingStream<Value, any Error>
) async -> (values: [Value], error: APIError?) {
    var values: [Value] = []
    do {
        for try await value in stream { values.append(value) }
        return (values, nil)
    } catch {
        return (values, APIError(wrapping: error, operationName: nil))
    }
}
