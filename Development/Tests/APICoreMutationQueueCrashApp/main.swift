// An app that enqueues mutations in an offline mutation queue while the queue replays them, for the test that kills
// it with SIGKILL at any moment and checks that nothing acknowledged was lost, replayed twice or reordered.
//
// Usage: APICoreMutationQueueCrashApp DATABASE ENDPOINT RUN COUNT
// Enqueues `UpdateProduct(id: "p-RUN-i", title: "RUN-i", priceCents: i)` for i in 0..<COUNT, printing
// `ack RUN i KEY` once each enqueue has returned, then `enqueued`. Meanwhile it prints `sent KEY PENDING` for each mutation
// the server answered, and `idle` whenever the queue is left empty. It never exits by itself: the test kills it.
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

let arguments = CommandLine.arguments
guard arguments.count == 5, let endpoint = URL(string: arguments[2]), let run = Int(arguments[3]),
    let count = Int(arguments[4])
else {
    FileHandle.standardError.write(Data("usage: APICoreMutationQueueCrashApp DATABASE ENDPOINT RUN COUNT\n".utf8))
    exit(2)
}

do {
    let client = APIClient(configuration: APIClientConfiguration(graphQLEndpoint: endpoint, cache: CacheStore()))
    let queue = try OfflineMutationQueue(
        fileURL: URL(fileURLWithPath: arguments[1]), client: client, operations: [UpdateProductMutation.self],
        configuration: OfflineMutationQueueConfiguration(
            initialRetryDelay: .milliseconds(20), maximumRetryDelay: .milliseconds(200), watchesConnectivity: false))
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
    for index in 0..<count {
        let mutation = UpdateProductMutation(
            id: "p-\(run)-\(index)", title: .some("\(run)-\(index)"), priceCents: .some(index))
        let optimistic = try UpdateProductMutation.Data(data: [
            "updateProduct": .object([
                "__typename": "Product", "id": .string("p-\(run)-\(index)"), "title": .string("\(run)-\(index)"),
                "priceCents": .int(Int64(index)),
            ])
        ])
        let queued = try queue.enqueue(mutation, optimisticResult: optimistic)
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
