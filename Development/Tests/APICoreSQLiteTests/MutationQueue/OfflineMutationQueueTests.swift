import APICoreCache
import APICoreDynamic
import APICoreGraphQL
import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(2))) struct OfflineMutationQueueTests {
    /// Mutations made while the server is down wait in the queue, their optimistic values in the cache at once, and
    /// reach the server in order, each once, when it is back; the server's values then replace the optimistic ones.
    @Test func mutationsMadeOfflineAreAppliedInOrderOnceTheServerIsBack() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let setup = try QueueSetup(server: server)
        let watcher = ProductWatcher(setup.cache)
        #expect(await watcher.next() == "Original")
        let events = setup.queue.events

        for title in ["A", "B", "C"] { try setup.enqueue(title: title) }
        // The optimistic values are in the cache when enqueue returns, and the watcher sees them.
        #expect(try setup.title() == "C")
        #expect(await watcher.next(until: "C") == "C")
        #expect(setup.queue.pendingCount == 3)

        var iterator = events.makeAsyncIterator()
        let waiting = await nextEvent(&iterator) { if case .waiting = $0 { true } else { false } }
        guard case .waiting(let mutation, let error, _)? = waiting else {
            Issue.record("no waiting event: \(String(describing: waiting))")
            return
        }
        #expect(error.code == .network)
        #expect(mutation.operationName == "UpdateProduct")
        #expect(setup.queue.pendingCount == 3)

        try await server.start()
        setup.queue.retryNow()
        var sent: [QueuedMutation] = []
        while sent.count < 3,
            let event = await nextEvent(&iterator, where: { if case .sent = $0 { true } else { false } })
        {
            sent.append(event.mutation)
        }
        #expect(sent.map(\.id) == sent.map(\.id).sorted())
        #expect(server.appliedVariables.map { $0["title"]?.stringValue } == ["A", "B", "C"])
        #expect(server.appliedKeys == sent.map(\.idempotencyKey))
        #expect(Set(server.appliedKeys).count == 3)
        #expect(setup.queue.pendingCount == 0)
        #expect(await watcher.next(until: "C [server]") == "C [server]")
        #expect(try setup.title() == "C [server]")
        await setup.queue.close()
        try await server.shutdown()
    }

    /// A mutation the server rejects leaves the queue with a `failed` event carrying the GraphQL error, and its
    /// optimistic value is rolled back; the next mutation is still sent.
    @Test func aRejectedMutationIsRolledBackAndTheNextOneSent() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let setup = try QueueSetup(server: server)
        var events = setup.queue.events.makeAsyncIterator()
        try setup.enqueue(title: "reject")
        try setup.enqueue(title: "after")
        #expect(try setup.title() == "after")
        try await server.start()
        setup.queue.retryNow()

        let failed = await nextEvent(&events) { if case .failed = $0 { true } else { false } }
        guard case .failed(_, let error, let pending)? = failed else {
            Issue.record("no failed event: \(String(describing: failed))")
            return
        }
        #expect(error.code == .graphQL)
        #expect(error.graphQLErrors.map(\.message) == ["rejected"])
        #expect(pending == 1)
        let sent = await nextEvent(&events) { if case .sent = $0 { true } else { false } }
        #expect(sent != nil)
        #expect(try setup.title() == "after [server]")
        #expect(server.appliedVariables.map { $0["title"]?.stringValue } == ["reject", "after"])
        await setup.queue.close()

        // Rolled back: with the later mutation's value gone too, the stored value shows again.
        let alone = try QueueSetup(server: server, file: "alone.sqlite")
        try await server.stop()
        var aloneEvents = alone.queue.events.makeAsyncIterator()
        try alone.enqueue(title: "reject")
        try await server.start()
        alone.queue.retryNow()
        _ = await nextEvent(&aloneEvents) { if case .failed = $0 { true } else { false } }
        #expect(try alone.title() == "Original")
        await alone.queue.close()
        try await server.shutdown()
    }

    /// `503` answers are retried with the same idempotency key and body until the server applies the mutation; a
    /// mutation that keeps getting them fails after the configured number of attempts and is rolled back.
    @Test func serverTroubleIsRetriedABoundedNumberOfTimes() async throws {
        let server = try await MutationLedgerServer()
        let setup = try QueueSetup(server: server, maximumServerErrorAttempts: 3)
        var events = setup.queue.events.makeAsyncIterator()
        server.answerUnavailable(next: 2)
        let recovered = try setup.enqueue(title: "recovered")
        let sent = await nextEvent(&events) { if case .sent = $0 { true } else { false } }
        #expect(sent?.mutation.idempotencyKey == recovered.idempotencyKey)
        #expect(server.entries.count == 3)
        #expect(Set(server.entries.map(\.body)).count == 1)
        #expect(server.entries.allSatisfy { $0.idempotencyKey == recovered.idempotencyKey })
        #expect(try setup.title() == "recovered [server]")

        server.answerUnavailable(next: 5)
        try setup.enqueue(title: "given up")
        #expect(try setup.title() == "given up")
        let failed = await nextEvent(&events) { if case .failed = $0 { true } else { false } }
        guard case .failed(let mutation, let error, let pending)? = failed else {
            Issue.record("no failed event: \(String(describing: failed))")
            return
        }
        #expect(error.code == .httpStatus)
        #expect(error.statusCode == 503)
        #expect(mutation.failedAttempts == 3)
        #expect(pending == 0)
        #expect(server.entries.count == 6)
        #expect(try setup.title() == "recovered [server]")
        await setup.queue.close()
        try await server.shutdown()
    }

    /// A queue at its bound refuses another mutation with a typed error, and nothing of it reaches the cache or the
    /// file.
    @Test func aFullQueueRefusesTheNextMutation() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let setup = try QueueSetup(server: server, maximumPendingCount: 2)
        try setup.enqueue(title: "one")
        try setup.enqueue(title: "two")
        #expect {
            try setup.enqueue(title: "three")
        } throws: { error in
            (error as? APIError)?.code == .mutationQueueFull
        }
        #expect(setup.queue.pendingCount == 2)
        #expect(try setup.queue.pendingMutations().count == 2)
        #expect(try setup.title() == "two")
        await setup.queue.close()
        try await server.shutdown()
    }

    /// A mutation with a file is refused: the file's bytes would not survive a restart.
    @Test func aMutationWithFilesIsRefused() async throws {
        let server = try await MutationLedgerServer()
        let setup = try QueueSetup(server: server)
        let file = GraphQLFile(data: Data("hello".utf8), fileName: "hello.txt", contentType: "text/plain")
        #expect {
            try setup.queue.enqueue(UploadFileMutation(file: file))
        } throws: { error in
            (error as? APIError)?.code == .invalidRequest
        }
        #expect(setup.queue.pendingCount == 0)
        await setup.queue.close()
        try await server.shutdown()
    }

    /// A queue opened on the file an earlier one left shows the stored optimistic value again at once and sends
    /// the mutation with the idempotency key it was enqueued with; a type it was not told about is sent as stored.
    @Test func aReopenedQueueRestoresItsOptimisticValuesAndReplays() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let directory = try TemporaryDirectory()
        let first = try QueueSetup(server: server, directory: directory)
        let queued = try first.enqueue(title: "A")
        await first.queue.close()

        let second = try QueueSetup(server: server, directory: directory, operations: [UpdateProductMutation.self])
        #expect(try second.title() == "A")
        #expect(try second.queue.pendingMutations().map(\.idempotencyKey) == [queued.idempotencyKey])
        var events = second.queue.events.makeAsyncIterator()
        try await server.start()
        second.queue.retryNow()
        _ = await nextEvent(&events) { if case .sent = $0 { true } else { false } }
        #expect(server.appliedKeys == [queued.idempotencyKey])
        #expect(try second.title() == "A [server]")
        await second.queue.close()

        // Untyped: the server still gets it, with its key; the cache has no optimistic layer to show.
        try await server.stop()
        let third = try QueueSetup(server: server, directory: directory, file: "untyped.sqlite")
        let untyped = try third.enqueue(title: "B")
        await third.queue.close()
        let fourth = try QueueSetup(server: server, directory: directory, file: "untyped.sqlite", operations: [])
        #expect(try fourth.title() == "Original")
        var fourthEvents = fourth.queue.events.makeAsyncIterator()
        try await server.start()
        fourth.queue.retryNow()
        _ = await nextEvent(&fourthEvents) { if case .sent = $0 { true } else { false } }
        #expect(server.appliedKeys == [queued.idempotencyKey, untyped.idempotencyKey])
        #expect(server.entries.last?.idempotencyKey == untyped.idempotencyKey)
        await fourth.queue.close()
        try await server.shutdown()
    }

    /// A mutation compiled at run time is queued like a generated one: its optimistic value is what a generated query
    /// reads at once. After a restart, a queue whose client holds the schema compiles the stored document again,
    /// shows the optimistic value and normalizes the server's answer; a queue whose client has no schema still sends
    /// it as stored, with its key, and writes nothing.
    @Test func aMutationCompiledAtRunTimeIsQueuedAndReplayedAfterARestart() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let directory = try TemporaryDirectory()
        let first = try QueueSetup(server: server, directory: directory, schema: Self.schema)
        let queued = try first.enqueueCompiled(title: "A")
        #expect(queued.operationName == "Rename")
        #expect(try first.title() == "A")
        await first.queue.close()

        let second = try QueueSetup(server: server, directory: directory, schema: Self.schema)
        #expect(try second.title() == "A")
        var events = second.queue.events.makeAsyncIterator()
        try await server.start()
        second.queue.retryNow()
        _ = await nextEvent(&events) { if case .sent = $0 { true } else { false } }
        #expect(server.appliedKeys == [queued.idempotencyKey])
        #expect(server.entries.last?.body.contains("mutation Rename(") == true)
        #expect(try second.title() == "A [server]")
        await second.queue.close()

        try await server.stop()
        let third = try QueueSetup(server: server, directory: directory, file: "unchecked.sqlite", schema: Self.schema)
        let unchecked = try third.enqueueCompiled(title: "B")
        await third.queue.close()
        let fourth = try QueueSetup(server: server, directory: directory, file: "unchecked.sqlite")
        #expect(try fourth.title() == "Original")
        var fourthEvents = fourth.queue.events.makeAsyncIterator()
        try await server.start()
        fourth.queue.retryNow()
        _ = await nextEvent(&fourthEvents) { if case .sent = $0 { true } else { false } }
        #expect(server.appliedKeys == [queued.idempotencyKey, unchecked.idempotencyKey])
        #expect(try fourth.title() == "Original")
        await fourth.queue.close()

        // A client whose schema no longer has the mutation sends it as written too.
        try await server.stop()
        let fifth = try QueueSetup(server: server, directory: directory, file: "changed.sqlite", schema: Self.schema)
        let changed = try fifth.enqueueCompiled(title: "C")
        await fifth.queue.close()
        let newer = try GraphQLRuntimeSchema(sdl: "type Query { a: Int } type Mutation { b: Int }")
        let sixth = try QueueSetup(server: server, directory: directory, file: "changed.sqlite", schema: newer)
        #expect(try sixth.title() == "Original")
        var sixthEvents = sixth.queue.events.makeAsyncIterator()
        try await server.start()
        sixth.queue.retryNow()
        let sent = await nextEvent(&sixthEvents) { if case .sent = $0 { true } else { false } }
        #expect(sent?.mutation.idempotencyKey == changed.idempotencyKey)
        #expect(server.appliedKeys.last == changed.idempotencyKey)
        #expect(try sixth.title() == "Original")
        await sixth.queue.close()
        try await server.shutdown()
    }

    /// An optimistic result that does not fit a compiled mutation's selections is refused with a cache failure, and
    /// nothing is queued or shown.
    @Test func aCompiledMutationWithAnIllFittingOptimisticResultIsRefused() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let setup = try QueueSetup(server: server, schema: Self.schema)
        let compiled = try setup.client.compile(document: Self.renameDocument)
        let missingTitle = try GraphQLDynamicData(data: ["updateProduct": ["__typename": "Product", "id": "p1"]])
        #expect {
            try setup.queue.enqueue(
                GraphQLDynamicMutation(compiled, variables: ["id": "p1", "title": "C"]), optimisticResult: missingTitle)
        } throws: { error in
            (error as? APIError)?.code == .cacheFailure
        }
        #expect(setup.queue.pendingCount == 0)
        #expect(try setup.queue.pendingMutations().isEmpty)
        #expect(try setup.title() == "Original")
        await setup.queue.close()
        try await server.shutdown()
    }

    /// The queue's file deleted while the app runs (a cleaner, another process): an enqueue fails with a typed error
    /// instead of being acknowledged into a file that no longer exists, nothing is shown optimistically for it, and
    /// the mutations queued before are still listed from the open file.
    @Test func anEnqueueAfterTheFileWasDeletedFailsWithATypedError() async throws {
        let server = try await MutationLedgerServer()
        try await server.stop()
        let setup = try QueueSetup(server: server)
        try setup.enqueue(title: "A")
        let file = setup.directory.file("queue.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        #expect {
            try setup.enqueue(title: "B")
        } throws: { error in
            guard let error = error as? APIError else { return false }
            return error.code == .mutationQueueStorage && error.description.contains("deleted or moved while open")
        }
        #expect(try setup.title() == "A", "the refused mutation shows nothing optimistically")
        #expect(try setup.queue.pendingMutations().count == 1)
        await setup.queue.close()
        try await server.shutdown()
    }

    static let renameDocument =
        "mutation Rename($id: ID!, $title: String) { updateProduct(id: $id, title: $title) { id title } }"

    static let schema = ReferenceSchema.runtime
}

/// The next event that `matches`, within 30 s; `nil` if the stream ends or none comes.
func nextEvent(
    _ iterator: inout AsyncStream<MutationQueueEvent>.Iterator,
    where matches: (MutationQueueEvent) -> Bool
) async -> MutationQueueEvent? {
    // A hang guard for a busy machine, not a measure: a queue retrying every 20-100 ms reaches its event in well
    // under a second when idle, but each retry's sleep and send wait for a turn on a cooperative pool that a loaded
    // full run keeps busy (the loaded suite once saw two attempts in 30 s).
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline, let event = await iterator.next() {
        if matches(event) { return event }
    }
    return nil
}

/// A client with a memory cache holding product `p1` titled `Original`, and a queue on a new file that retries fast.
private struct QueueSetup {
    let cache = CacheStore()
    let client: APIClient
    let queue: OfflineMutationQueue
    let directory: TemporaryDirectory

    init(
        server: MutationLedgerServer,
        directory: TemporaryDirectory? = nil,
        file: String = "queue.sqlite",
        maximumPendingCount: Int = 1000,
        maximumServerErrorAttempts: Int = 5,
        operations: [any GraphQLMutation.Type] = [],
        schema: (any GraphQLDocumentCompiling)? = nil
    ) throws {
        self.directory = try directory ?? TemporaryDirectory()
        var configuration = APIClientConfiguration(
            graphQLEndpoint: server.endpoint, transport: TestTransport.platform.make(), cache: cache)
        configuration.schema = schema
        client = APIClient(configuration: configuration)
        let product: JSONObject = [
            "__typename": "Product", "id": "p1", "title": "Original", "priceCents": 100, "owner": .null,
        ]
        try cache.write(ProductQuery.Data(data: ["product": .object(product)]), for: ProductQuery(id: "p1"))
        queue = try OfflineMutationQueue(
            fileURL: self.directory.file(file), client: client, operations: operations,
            configuration: OfflineMutationQueueConfiguration(
                maximumPendingCount: maximumPendingCount, initialRetryDelay: .milliseconds(20),
                maximumRetryDelay: .milliseconds(100), maximumServerErrorAttempts: maximumServerErrorAttempts,
                watchesConnectivity: false))
    }

    /// Enqueues a new title for `p1`, with that title as the optimistic result.
    @discardableResult
    func enqueue(title: String) throws -> QueuedMutation {
        let optimistic = try UpdateProductMutation.Data(data: [
            "updateProduct": .object([
                "__typename": "Product", "id": "p1", "title": .string(title), "priceCents": 100,
            ])
        ])
        return try queue.enqueue(UpdateProductMutation(id: "p1", title: .some(title)), optimisticResult: optimistic)
    }

    /// Enqueues a new title for `p1` as a mutation compiled at run time, with that title as the optimistic result.
    func enqueueCompiled(title: String) throws -> QueuedMutation {
        let compiled = try client.compile(document: OfflineMutationQueueTests.renameDocument)
        let optimistic = try GraphQLDynamicData(data: [
            "updateProduct": .object(["__typename": "Product", "id": "p1", "title": .string(title)])
        ])
        return try queue.enqueue(
            GraphQLDynamicMutation(compiled, variables: ["id": "p1", "title": .string(title)]),
            optimisticResult: optimistic)
    }

    /// The title of `p1` the cache reads now.
    func title() throws -> String? {
        try cache.read(ProductQuery(id: "p1")).product?.title
    }
}

/// The titles a cache watcher of product `p1` sees.
private final class ProductWatcher: Sendable {
    private let titles: AsyncStream<String?>
    private let task: Task<Void, Never>

    init(_ cache: CacheStore) {
        let (stream, continuation) = AsyncStream<String?>.makeStream()
        titles = stream
        task = Task {
            for await result in cache.watch(ProductQuery(id: "p1")) {
                continuation.yield(try? result.get().product?.title)
            }
            continuation.finish()
        }
    }

    deinit { task.cancel() }

    /// The next title the watcher sees.
    func next() async -> String? {
        var iterator = titles.makeAsyncIterator()
        return await iterator.next() ?? nil
    }

    /// The first title equal to `expected` among those the watcher sees next, within 120 s (a hang guard, as
    /// `nextEvent`'s); `nil` if none.
    func next(until expected: String) async -> String? {
        let deadline = ContinuousClock.now + .seconds(120)
        var iterator = titles.makeAsyncIterator()
        while ContinuousClock.now < deadline, let title = await iterator.next() {
            if title == expected { return title }
        }
        return nil
    }
}
