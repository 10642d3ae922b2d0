import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreKit

@Suite("Retry with backoff and Retry-After")
struct RetryTests {
    func retryingClient(
        _ live: LiveClient, failures: Int, status: Int, retryAfter: Int?, sleeps: RecordedSleeps
    )
        -> APIClient
    {
        var path = "/flaky/\(live.key)/graphql?failures=\(failures)&status=\(status)"
        if let retryAfter { path += "&retryAfter=\(retryAfter)" }
        let policy = RetryPolicy(
            maximumAttempts: 4, baseDelay: .milliseconds(20), sleep: { try await sleeps.sleep($0) })
        return live.client(path: path, interceptors: [RetryInterceptor(policy: policy)])
    }

    @Test("a query answered 503 with Retry-After waits exactly that long, then succeeds")
    func honoursRetryAfter() async throws {
        let live = try await LiveClient.strawberry()
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 2, status: 503, retryAfter: 1, sleeps: sleeps)
        let response = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(response.value.user?.name == "Ada Lovelace")
        #expect(sleeps.all == [.seconds(1), .seconds(1)])
        let stats = try await live.stats()
        #expect(stats.requests == 3)
        let times = stats.attemptTimes
        #expect(times.count == 3)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0.95 })
    }

    @Test("429 without Retry-After backs off exponentially")
    func exponentialBackoff() async throws {
        let live = try await LiveClient.strawberry()
        let sleeps = RecordedSleeps()
        let policy = RetryPolicy(
            maximumAttempts: 4, baseDelay: .milliseconds(10), sleep: { try await sleeps.sleep($0) }, jitter: { $0 })
        let client = live.client(
            path: "/flaky/\(live.key)/graphql?failures=3&status=429",
            interceptors: [RetryInterceptor(policy: policy)])
        _ = try await client.execute(UserDetailsQuery(id: "1"))
        #expect(sleeps.all == [.milliseconds(10), .milliseconds(20), .milliseconds(40)])
    }

    @Test("attempts are bounded: the last failure is returned")
    func bounded() async throws {
        let live = try await LiveClient.strawberry()
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

    @Test("mutations are not retried")
    func mutationsNotRetried() async throws {
        let live = try await LiveClient.strawberry()
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 1, status: 503, retryAfter: 0, sleeps: sleeps)
        await #expect {
            _ = try await client.execute(CreateUserMutation(name: "Once"))
        } throws: { error in
            (error as? APIError)?.statusCode == 503
        }
        #expect(try await live.stats().requests == 1)
        #expect(sleeps.all.isEmpty)
    }

    @Test("4xx other than 408 and 429 are not retried")
    func clientErrorsNotRetried() async throws {
        let live = try await LiveClient.strawberry()
        let sleeps = RecordedSleeps()
        let client = retryingClient(live, failures: 1, status: 404, retryAfter: nil, sleeps: sleeps)
        await #expect(throws: APIError.self) { _ = try await client.execute(UserDetailsQuery(id: "1")) }
        #expect(try await live.stats().requests == 1)
    }

    @Test("REST GET is retried through the same interceptor; POST is not")
    func restRetry() async throws {
        let live = try await LiveClient.strawberry()
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

    @Test("Retry-After as an HTTP date is understood")
    func retryAfterDate() {
        let future = Date().addingTimeInterval(5)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let delay = RetryInterceptor.parseRetryAfter(formatter.string(from: future))
        #expect(delay != nil)
        #expect(delay.map { $0 <= .seconds(5) && $0 >= .seconds(3) } == true)
        #expect(RetryInterceptor.parseRetryAfter("soon") == nil)
        #expect(RetryInterceptor.parseRetryAfter("120") == .seconds(120))
    }
}
