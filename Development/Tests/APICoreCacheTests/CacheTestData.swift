import APICoreCache
import APICoreScalars
import APICoreTestSupport
import Foundation

@testable import APICoreGraphQL
@testable import APICoreJSON

/// Responses of the reference schema's operations, written into a store as the network would.
enum CacheTestData {
    static func userData(id: String, name: String, followers: Int64 = 1, email: String? = nil) -> JSONObject {
        var user: JSONObject = [
            "__typename": "User", "id": .string(id), "name": .string(name), "role": "MEMBER",
            "followerCount": .int(followers),
        ]
        if let email { user["email"] = .string(email) }
        return ["user": .object(user)]
    }

    static func createUserData(id: String, name: String, followers: Int64 = 1) -> JSONObject {
        [
            "createUser": .object([
                "__typename": "User", "id": .string(id), "name": .string(name), "email": .null, "role": "MEMBER",
                "followerCount": .int(followers),
            ])
        ]
    }

    /// Writes a user query's response.
    static func writeUser(_ store: CacheStore, id: String, name: String, followers: Int64 = 1) throws {
        let query = UserDetailsQuery(id: id)
        try store.publish(try store.decode(query, data: userData(id: id, name: name, followers: followers)).records)
    }

    /// Writes a mutation's response, which updates the user's record.
    static func writeCreateUser(_ store: CacheStore, id: String, name: String, followers: Int64 = 1) throws {
        let mutation = CreateUserMutation(name: name)
        try store.publish(
            try store.decode(mutation, data: createUserData(id: id, name: name, followers: followers)).records)
    }
}

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current = Lock(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Collects what a watch emits, so a test can wait for a count of emissions and then look at all of them.
final class WatchRecorder<Value: Sendable & Hashable>: Sendable {
    private let emitted = Lock<[Result<Value, CacheError>]>([])
    /// Counts each result once it is in ``results``.
    private let arrivals = CountWaiters()
    private let task = Lock<Task<Void, Never>?>(nil)

    init(_ watch: CacheWatch<Value>) {
        let started = Task { [self] in
            for await result in watch {
                emitted.withLock { $0.append(result) }
                arrivals.increment()
            }
        }
        task.withLock { $0 = started }
    }

    /// Waits until at least `count` results were emitted, or the waiting task is cancelled (as a test's time limit
    /// does), so that a missing emission fails the test instead of hanging the run.
    func waitFor(_ count: Int) async {
        await arrivals.wait(until: count)
    }

    /// Everything emitted so far.
    var results: [Result<Value, CacheError>] { emitted.withLock { $0 } }

    /// The values emitted so far, misses left out.
    var values: [Value] { results.compactMap { try? $0.get() } }

    func cancel() { task.withLock { $0?.cancel() } }
}
