/// An upload in flight: its progress as the files are sent, then its response.
///
/// ``APIClient/upload(_:options:)`` starts the call at once; a view model shows ``progress`` and awaits
/// ``response``:
///
/// ```swift
/// let upload = client.upload(UploadAvatarMutation(file: GraphQLFile(url: pickedFile)))
/// Task { for await step in upload.progress { fraction = step.fractionCompleted } }
/// let response = try await upload.response
/// ```
public struct GraphQLUpload<Value: Sendable>: Sendable {
    /// The files' bytes sent so far, rising to their total (each distinct file counted once; a retried attempt
    /// reports again only once it passes what earlier attempts sent). It holds the latest event for a slow reader,
    /// and finishes when the call ends.
    public let progress: AsyncStream<UploadProgress>
    private let task: Task<APIResponse<Value>, any Error>

    init(progress: AsyncStream<UploadProgress>, task: Task<APIResponse<Value>, any Error>) {
        self.progress = progress
        self.task = task
    }

    /// The call's response, once it has arrived; cancelling the task that waits for it cancels the upload.
    public var response: APIResponse<Value> {
        get async throws(APIError) {
            do {
                return try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    task.cancel()
                }
            } catch {
                throw APIError(wrapping: error, operationName: nil)
            }
        }
    }

    /// Cancels the upload; ``response`` then fails with ``APIError/Code/cancelled``.
    public func cancel() {
        task.cancel()
    }
}
