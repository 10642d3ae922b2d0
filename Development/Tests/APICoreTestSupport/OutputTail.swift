import Foundation

/// The last bytes a child process wrote to one of its pipes, kept for error messages.
public actor OutputTail {
    private var bytes = Data()
    private let limit: Int

    public init(limit: Int = 16 * 1024) {
        self.limit = limit
    }

    /// Starts a task that appends every chunk of `chunks` until the stream ends.
    public nonisolated func collect(_ chunks: AsyncStream<Data>) -> Task<Void, Never> {
        Task {
            for await chunk in chunks {
                await append(chunk)
            }
        }
    }

    public func append(_ chunk: Data) {
        bytes.append(chunk)
        if bytes.count > 2 * limit {
            bytes = Data(bytes.suffix(limit))
        }
    }

    /// The last `limit` bytes as text, starting at a line boundary when one is near.
    public func text() -> String {
        let text = String(decoding: bytes.suffix(limit), as: UTF8.self)
        guard bytes.count > limit, let newline = text.firstIndex(of: "\n") else { return text }
        return String(text[text.index(after: newline)...])
    }
}
