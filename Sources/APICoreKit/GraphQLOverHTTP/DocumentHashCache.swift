import APICoreGraphQL
import APICoreJSON

/// The SHA-256 hex digests of hand-written documents sent with persisted queries, so that a document sent again is not
/// hashed again. Generated operations carry their identifier and never come here.
///
/// Bounded: when full, the entry added first makes room. Safe to use from any thread.
final class DocumentHashCache: Sendable {
    private struct State {
        var hashes: [String: String] = [:]
        /// The cached documents, oldest first.
        var order: [String] = []
    }

    /// The most documents kept.
    let capacity: Int
    private let state = Lock(State())

    init(capacity: Int = 64) {
        precondition(capacity >= 1, "a document hash cache holds at least one document")
        self.capacity = capacity
    }

    /// The lower-case hex SHA-256 of the document's UTF-8 bytes.
    func hash(of document: String) -> String {
        if let cached = state.withLock({ $0.hashes[document] }) { return cached }
        let hash = GraphQLSHA256.hexDigest(of: document)
        state.withLock { state in
            guard state.hashes[document] == nil else { return }
            if state.order.count >= capacity {
                state.hashes[state.order.removeFirst()] = nil
            }
            state.hashes[document] = hash
            state.order.append(document)
        }
        return hash
    }

    /// How many documents are cached.
    var count: Int { state.withLock { $0.hashes.count } }
}
