import APICoreGraphQL
import APICoreJSON
import Foundation

/// Gathers the queries marked ``HTTPRequest/batches`` into batches (``GraphQLBatching``): one per URL and set of header
/// fields, sent as one POST of a JSON array when its window ends or it is full, its answer split back into one
/// response per query.
///
/// A query whose task is cancelled before its batch is sent leaves the batch, which is sent without it (or not at
/// all, if it was the last); once the batch is sent, a cancelled caller stops only its own wait, and the HTTP request
/// is cancelled (on the wire too) when the last caller has left.
final class RequestBatcher: Sendable {
    /// What makes two requests fit in one batch.
    struct Key: Hashable, Sendable {
        let url: URL
        /// Every header field as `name:value`, names lower-cased, in order; `Content-Length` left out.
        let headers: [String]
        let maximumResponseSize: Int?

        init(_ request: HTTPRequest) {
            url = request.url
            headers = request.headers.filter { $0.name.lowercased() != "content-length" }
                .map { "\($0.name.lowercased()):\($0.value)" }.sorted()
            maximumResponseSize = request.maximumResponseSize
        }
    }

    /// One query of a batch, and where its response goes.
    private final class Member: Sendable {
        let request: HTTPRequest
        let completion = SharedCompletion<HTTPResponse>()

        init(_ request: HTTPRequest) {
            self.request = request
        }
    }

    /// A batch: open while it fills, then sent.
    private final class Batch: Sendable {
        private struct State {
            var members: [Member] = []
            var isSent = false
            /// Members sent and still waiting for their response.
            var waiting = 0
            var task: Task<Void, Never>?
            var isAbandoned = false
        }

        private let state = Lock(State())

        /// Adds a member to the open batch; returns how many it holds.
        func add(_ member: Member) -> Int {
            state.withLock { state in
                state.members.append(member)
                return state.members.count
            }
        }

        /// Closes the batch: returns the members to send (none when every one has left).
        func close() -> [Member] {
            state.withLock { state in
                state.isSent = true
                state.waiting = state.members.count
                return state.members
            }
        }

        func start(_ task: Task<Void, Never>) {
            let abandoned = state.withLock { state in
                state.task = task
                return state.isAbandoned
            }
            if abandoned { task.cancel() }
        }

        /// A member stops waiting: before the batch is sent it is left out of it (and this returns `true`); after,
        /// the request is cancelled when the last member has left cancelled.
        func leave(_ member: Member, cancelled: Bool) -> Bool {
            let (task, leftUnsent) = state.withLock { state -> (Task<Void, Never>?, Bool) in
                guard state.isSent else {
                    state.members.removeAll { $0 === member }
                    return (nil, true)
                }
                state.waiting -= 1
                guard state.waiting == 0, cancelled else { return (nil, false) }
                state.isAbandoned = true
                return (state.task, false)
            }
            task?.cancel()
            return leftUnsent
        }
    }

    private struct State {
        /// The batch being filled for each key.
        var open: [Key: Batch] = [:]
        /// How many members wait in batches not yet sent.
        var unsent = 0
        /// Tasks waiting for a number of unsent members (``waitForUnsent(_:)``).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes out the watchers whose count has been reached.
        mutating func reachedWatchers() -> [CheckedContinuation<Void, Never>] {
            if watchers.isEmpty { return [] }
            let reached = watchers.filter { $0.count == unsent }.map(\.continuation)
            watchers.removeAll { $0.count == unsent }
            return reached
        }
    }

    private let batching: GraphQLBatching
    private let reader: JSONReader
    /// Lock order: this lock, then a batch's.
    private let state = Lock(State())

    init(batching: GraphQLBatching, reader: JSONReader) {
        self.batching = batching
        self.reader = reader
    }

    /// Sends `request` in a batch through `exchange`, and returns its own part of the batch's answer.
    func send(
        _ request: HTTPRequest,
        through exchange: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let key = Key(request)
        let member = Member(request)
        let (batch, isFull, isNew, watchers) = state.withLock { state in
            let existing = state.open[key]
            let batch = existing ?? Batch()
            let isFull = batch.add(member) >= batching.maximumOperations
            state.open[key] = isFull ? nil : batch
            state.unsent += 1
            return (batch, isFull, existing == nil, state.reachedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        if isFull {
            dispatch(batch, through: exchange)
        } else if isNew {
            let window = batching.window
            Task { [self] in
                try? await Task.sleep(for: window)
                let isCurrent = state.withLock { state in
                    guard state.open[key] === batch else { return false }
                    state.open[key] = nil
                    return true
                }
                if isCurrent { dispatch(batch, through: exchange) }
            }
        }
        do {
            let response = try await member.completion.value()
            _ = batch.leave(member, cancelled: false)
            return response
        } catch {
            if batch.leave(member, cancelled: Task.isCancelled) { countSent(1) }
            throw error
        }
    }

    /// Returns once exactly `count` queries wait in batches not yet sent, at once if they do: for tests that must know
    /// every query has joined its batch.
    func waitForUnsent(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let isReached = state.withLock { state in
                if state.unsent == count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if isReached { continuation.resume() }
        }
    }

    /// `count` members are no longer waiting in unsent batches (sent, or gone before).
    private func countSent(_ count: Int) {
        let watchers = state.withLock { state in
            state.unsent -= count
            return state.reachedWatchers()
        }
        for watcher in watchers { watcher.resume() }
    }

    /// Sends a closed batch: a lone member's own request, or one POST of them all.
    private func dispatch(
        _ batch: Batch, through exchange: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        let members = batch.close()
        countSent(members.count)
        guard !members.isEmpty else { return }
        let operation: @Sendable () async -> Void = { [self] in
            guard members.count > 1 else {
                let member = members[0]
                do {
                    member.completion.complete(.success(try await exchange(member.request)))
                } catch {
                    member.completion.complete(.failure(error))
                }
                return
            }
            do {
                let response = try await exchange(Self.batchRequest(of: members.map(\.request)))
                let answers = split(response, requests: members.map(\.request))
                for (member, answer) in zip(members, answers) { member.completion.complete(answer) }
            } catch {
                for member in members { member.completion.complete(.failure(error)) }
            }
        }
        // A task of its own, so that the request goes on when one member is cancelled while others wait.
        batch.start(Task(operation: operation))
    }

    /// One POST carrying `requests`' bodies as a JSON array, with their URL and header fields (which the key made
    /// equal) and room for all their answers.
    static func batchRequest(of requests: [HTTPRequest]) -> HTTPRequest {
        var body = Data("[".utf8)
        for (index, request) in requests.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(request.body ?? Data("null".utf8))
        }
        body.append(UInt8(ascii: "]"))
        let first = requests[0]
        var headers = first.headers
        headers["Content-Length"] = nil
        var batch = HTTPRequest(
            method: .post, url: first.url, headers: headers, body: body,
            operationName: "batch(\(requests.map(\.operationName).joined(separator: ", ")))",
            kind: .graphQL(.query), isIdempotent: requests.allSatisfy(\.isIdempotent))
        batch.maximumResponseSize = first.maximumResponseSize.map { $0.multipliedReportingOverflow(by: requests.count) }
            .map { $0.overflow ? Int.max : $0.partialValue }
        return batch
    }

    /// Each request's part of the batch's answer: the array's elements, each with the answer's status and header
    /// fields. An answer that is not an array of as many results fails every request with `invalidResponse`, unless
    /// its status is one the chain acts on for a single request (401, 403, 429, 5xx: credentials to refresh, a retry
    /// to make), which every request then gets as it is.
    func split(_ response: HTTPResponse, requests: [HTTPRequest]) -> [Result<HTTPResponse, any Error>] {
        guard let ranges = JSONArrayElements.ranges(in: response.body), ranges.count == requests.count else {
            if Self.isActedOn(response.statusCode) { return requests.map { _ in .success(response) } }
            let failure = notABatchAnswer(response, count: requests.count)
            return requests.map { request in
                var error = failure
                error.operationName = request.operationName
                return .failure(error)
            }
        }
        var headers = response.headers
        headers["Content-Length"] = nil
        return zip(ranges, requests).map { range, request in
            let body = response.body.subdata(
                in: range.lowerBound + response.body.startIndex..<range.upperBound + response.body.startIndex)
            if let limit = request.maximumResponseSize, body.count > limit {
                return .failure(APIError.responseTooLarge(limit: limit, statusCode: response.statusCode))
            }
            return .success(HTTPResponse(statusCode: response.statusCode, headers: headers, body: body))
        }
    }

    private static func isActedOn(_ statusCode: Int) -> Bool {
        statusCode == 401 || statusCode == 403 || statusCode == 429 || statusCode >= 500
    }

    /// The error for an answer to a batch that is not a list of its results, with the server's GraphQL errors if it
    /// sent some.
    private func notABatchAnswer(_ response: HTTPResponse, count: Int) -> APIError {
        let value = try? reader.read(response.body)
        let errors: [GraphQLError] =
            if case .array(let entries)? = value?["errors"] { entries.map(GraphQLError.init(json:)) } else { [] }
        let shape =
            if case .array(let results)? = value {
                "a list of \(results.count) results"
            } else if value != nil {
                "a single result"
            } else {
                "a body that is not JSON"
            }
        return APIError(
            .invalidResponse, statusCode: response.statusCode, graphQLErrors: errors,
            reason: "the server answered a batch of \(count) operations with \(shape) (HTTP \(response.statusCode)), "
                + "not a list of \(count): it may not accept batches; turn batching off for it",
            responseBodyPrefix: response.body.prefix(256))
    }
}
