import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

@Suite("Retry with backoff and Retry-After")
struct RetryTests {
    /// A fixed "now" for `Retry-After` HTTP dates: Wed, 21 Oct 2015 07:28:00 GMT.
    static let now = Date(timeIntervalSince1970: 1_445_412_480)

    func retryingClient(
        _ live: LiveClient, failures: Int, status: Int, retryAfter: String?, sleeps: RecordedSleeps
    )
        -> APIClient
    {
        var path = "/flaky/\(live.key)/graphql?failures=\(failures)&status=\(status)"
        if let retryAfter { path += "&retryAfter=\(retryAfter)" }
        let policy = RetryPolicy(
            maximumAttempts: 4, baseDelay: .milliseconds(20), sleep: { try await sleeps.sleep($0) },
            now: { Self.now })
        return live.client(path: path, interceptors: [RetryInterceptor(policy: policy)])
    }

    @Test(
        "a query answered 503 with Retry-After in seconds waits exactly that long before each retry",
        arguments: TestTransport.allCases)
    func honoursRetryAfter(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 2, status: 503, retryAfter: "7", sleeps: sleeps)
        let response = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(response.value.user?.name == "Ada Lovelace")
        #expect(sleeps.all == [.seconds(7), .seconds(7)])
        let stats = try await live.stats()
        #expect(stats.requests == 3)
        #expect(stats.statusCounts == [503: 2, 200: 1])
    }

    @Test(
        "Retry-After as an HTTP date waits until that date, counted from the policy's clock",
        arguments: TestTransport.allCases)
    func honoursRetryAfterDate(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let client = retryingClient(
            live, failures: 1, status: 429, retryAfter: "Wed,%2021%20Oct%202015%2007:28:12%20GMT", sleeps: sleeps)
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(sleeps.all == [.seconds(12)])
        #expect(try await live.stats().requests == 2)
    }

    @Test(
        "a Retry-After beyond the policy's maximum delay is honoured by not retrying: the 503 is returned",
        arguments: TestTransport.allCases)
    func retryAfterBeyondMaximum(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 1, status: 503, retryAfter: "120", sleeps: sleeps)
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .httpStatus && error?.statusCode == 503
        }
        #expect(sleeps.all.isEmpty)
        #expect(try await live.stats().requests == 1)
    }

    @Test("429 without Retry-After backs off exponentially", arguments: TestTransport.allCases)
    func exponentialBackoff(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let policy = RetryPolicy(
            maximumAttempts: 4, baseDelay: .milliseconds(10), sleep: { try await sleeps.sleep($0) }, jitter: { $0 })
        let client = live.client(
            path: "/flaky/\(live.key)/graphql?failures=3&status=429",
            interceptors: [RetryInterceptor(policy: policy)])
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(sleeps.all == [.milliseconds(10), .milliseconds(20), .milliseconds(40)])
    }

    @Test("attempts are bounded: the last failure is returned", arguments: TestTransport.allCases)
    func bounded(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 10, status: 503, retryAfter: nil, sleeps: sleeps)
        await #expect {
            _ = try await client.execute(UserDetailsQuery(id: "1"))
        } throws: { error in
            let error = error as? APIError
            return error?.code == .httpStatus && error?.statusCode == 503
        }
        #expect(try await live.stats().requests == 4)
        #expect(sleeps.all.count == 3)
    }

    @Test("mutations are not retried", arguments: TestTransport.allCases)
    func mutationsNotRetried(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 1, status: 503, retryAfter: "0", sleeps: sleeps)
        await #expect {
            _ = try await client.execute(CreateUserMutation(name: "Once"))
        } throws: { error in
            (error as? APIError)?.statusCode == 503
        }
        #expect(try await live.stats().requests == 1)
        #expect(sleeps.all.isEmpty)
    }

    @Test("4xx other than 408 and 429 are not retried", arguments: TestTransport.allCases)
    func clientErrorsNotRetried(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 1, status: 404, retryAfter: nil, sleeps: sleeps)
        await #expect(throws: APIError.self) { _ = try await client.execute(UserDetailsQuery(id: "1")) }
        #expect(try await live.stats().requests == 1)
    }

    @Test("REST GET is retried through the same interceptor; POST is not", arguments: TestTransport.allCases)
    func restRetry(transport: TestTransport) async throws {
        let live = try await LiveClient.strawberry(transport: transport)
        let sleeps = RecordedSleeps()
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(5), sleep: { try await sleeps.sleep($0) })
        let client = live.client(
            interceptors: [RetryInterceptor(policy: policy)], restBaseURL: live.server.url("/flaky/\(live.key)"))
        let users = try await client.send(
            RESTCall<[RESTUser], EmptyBody>(
                .get, "rest/users", queryItems: [URLQueryItem(name: "failures", value: "1")]))
        #expect(users.value.count == 3)
        #expect(try await live.stats().requests == 2)
    }

    @Test("Retry-After parses as delay-seconds or an HTTP date relative to now; anything else is ignored")
    func parseRetryAfter() {
        let now = Self.now
        #expect(RetryInterceptor.parseRetryAfter("Wed, 21 Oct 2015 07:28:05 GMT", now: now) == .seconds(5))
        #expect(RetryInterceptor.parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero)
        #expect(RetryInterceptor.parseRetryAfter(" 120 ", now: now) == .seconds(120))
        #expect(RetryInterceptor.parseRetryAfter("soon", now: now) == nil)
        #expect(RetryInterceptor.parseRetryAfter("-3", now: now) == nil)
    }
}
