// An app that enqueues mutations in an offline mutation queue while the queue replays them, for the test that kills
// it with SIGKILL at any moment and checks that nothing acknowledged was lost, replayed twice or reordered.
//
// Usage: APICoreMutationQueueCrashApp DATABASE ENDPOINT RUN COUNT
// Enqueues `UpdateProduct(id: "p-RUN-i", title: "RUN-i", priceCents: i)` for i in 0..<COUNT, printing
// `ack RUN i KEY` once each enqueue has returned, then `enqueued`. Meanwhile it prints `sent KEY PENDING` for each mutation
// the server answered, and `idle` whenever the queue is left empty. It never exits by itself: the test kills it.
//
// Usage: APICoreMutationQueueCrashApp fill DATABASE ENDPOINT RUN BYTES
// Enqueues the same mutations with the size of every file it writes limited to BYTES (RLIMIT_FSIZE, SIGXFSZ ignored):
// a full disk. ENDPOINT should refuse connections, so that nothing leaves the queue. It prints `ack RUN i KEY` for each
// enqueue that returned, `full DESCRIPTION` for the one that failed, `pending N` with the queue's count read back from
// the file, and, once the limit is lifted, `recovered KEY` after one more enqueue (`still failing DESCRIPTION` if it
// fails), then exits 0.
//
// Usage: APICoreMutationQueueCrashApp permissions DATABASE ENDPOINT RUN COUNT
// Runs as an ordinary user (`nobody` when started as root, for whom file modes do not apply) and opens the queue. If it
// opens, it prints `opened N` with the number of mutations queued and, when none were, enqueues the same COUNT
// mutations, printing `ack RUN i KEY` for each; if it cannot, `refused DESCRIPTION`. Then it exits 0. ENDPOINT should
// refuse connections, so that nothing leaves the queue.
import APICoreCache
import APICoreGraphQL
import APICoreKit
import APICoreSQLite
import APICoreTestSupport
import Foundation

/// One line on standard output, unbuffered: in the pipe before the next step starts.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
let mode = ["fill", "permissions"].contains(arguments.first ?? "") ? arguments.removeFirst() : "crash"
guard arguments.count == 4, let endpoint = URL(string: arguments[1]), let run = Int(arguments[2]),
    let count = Int(arguments[3])
else {
    FileHandle.standardError.write(
        Data("usage: APICoreMutationQueueCrashApp [fill|permissions] DATABASE ENDPOINT RUN COUNT|BYTES\n".utf8))
    exit(2)
}

/// Mutation `index` of run `run`, with its optimistic result.
func mutation(_ index: Int) throws -> (UpdateProductMutation, UpdateProductMutation.Data) {
    let mutation = UpdateProductMutation(
        id: "p-\(run)-\(index)", title: .some("\(run)-\(index)"), priceCents: .some(index))
    let optimistic = try UpdateProductMutation.Data(data: [
        "updateProduct": .object([
            "__typename": "Product", "id": .string("p-\(run)-\(index)"), "title": .string("\(run)-\(index)"),
            "priceCents": .int(Int64(index)),
        ])
    ])
    return (mutation, optimistic)
}

/// Enqueues until the file size limit stops an enqueue, reads the queue back, lifts the limit and enqueues once more.
func fill(_ queue: OfflineMutationQueue, bytes: Int) throws {
    FileSizeLimit.set(bytes)
    var index = 0
    while true {
        let (update, optimistic) = try mutation(index)
        do {
            let queued = try queue.enqueue(update, optimisticResult: optimistic)
            say("ack \(run) \(index) \(queued.idempotencyKey)")
        } catch {
            say("full \(error)")
            break
        }
        index += 1
    }
    do {
        say("pending \(try queue.pendingMutations().count)")
    } catch {
        say("pending failed \(error)")
    }
    FileSizeLimit.lift()
    let (update, optimistic) = try mutation(index)
    do {
        say("recovered \(try queue.enqueue(update, optimisticResult: optimistic).idempotencyKey)")
    } catch {
        say("still failing \(error)")
    }
}

do {
    if mode == "permissions" { try Unprivileged.become() }
    let client = APIClient(
        configuration: APIClientConfiguration(
            graphQLEndpoint: endpoint, transport: TestTransport.platform.make(), cache: CacheStore()))
    let opening = Result { () throws(APIError) in
        try OfflineMutationQueue(
            fileURL: URL(fileURLWithPath: arguments[0]), client: client, operations: [UpdateProductMutation.self],
            configuration: OfflineMutationQueueConfiguration(
                initialRetryDelay: .milliseconds(20), maximumRetryDelay: .milliseconds(200),
                watchesConnectivity: false))
    }
    if mode == "permissions", case .failure(let error) = opening {
        say("refused \(error)")
        exit(0)
    }
    let queue = try opening.get()
    // Reports as the queue works, while the loop below enqueues.
    let events = queue.events
    let reporter = Task {
        for await event in events {
            switch event {
            case .sent(let mutation, let pending):
                say("sent \(mutation.idempotencyKey) \(pending)")
                if pending == 0 { say("idle") }
            case .failed(let mutation, let error, let pending):
                say("failed \(mutation.idempotencyKey) \(error)")
                if pending == 0 { say("idle") }
            default:
                break
            }
        }
    }
    switch mode {
    case "fill":
        try fill(queue, bytes: count)
        await queue.close()
        exit(0)
    case "permissions":
        let pending = try queue.pendingMutations().count
        say("opened \(pending)")
        if pending == 0 {
            for index in 0..<count {
                let (update, optimistic) = try mutation(index)
                say("ack \(run) \(index) \(try queue.enqueue(update, optimisticResult: optimistic).idempotencyKey)")
            }
        }
        await queue.close()
        exit(0)
    default:
        break
    }
    for index in 0..<count {
        let (update, optimistic) = try mutation(index)
        let queued = try queue.enqueue(update, optimisticResult: optimistic)
        say("ack \(run) \(index) \(queued.idempotencyKey)")
        try await Task.sleep(for: .milliseconds(3))
    }
    say("enqueued")
    if queue.pendingCount == 0 { say("idle") }
    await reporter.value
} catch {
    FileHandle.standardError.write(Data("APICoreMutationQueueCrashApp: \(String(reflecting: error))\n".utf8))
    exit(1)
}
