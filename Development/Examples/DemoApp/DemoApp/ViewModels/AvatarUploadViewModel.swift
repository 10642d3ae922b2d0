import Observation
import SharedKit
import UserKit

/// The avatar picker's state: an upload of one image through a ``UserKit/UserRepository``, with the progress a
/// progress bar shows.
@Observable
@MainActor
public final class AvatarUploadViewModel {
    /// The user whose avatar this is.
    public let userID: String
    /// What the screen shows: the avatar as the server stored it, once it has.
    public private(set) var state: LoadState<Avatar> = .idle
    /// Every progress event of the last upload, in order; the last one is the bar's position.
    public private(set) var progress: [AvatarUploadProgress] = []

    @ObservationIgnored private let repository: any UserRepository

    /// A view model for the avatar of the user with `userID`.
    public init(userID: String, repository: any UserRepository) {
        self.userID = userID
        self.repository = repository
    }

    /// The progress bar's position, from 0 to 1.
    public var fractionCompleted: Double {
        progress.last?.fractionCompleted ?? 0
    }

    /// Uploads `image`; returns once the server has answered (every progress event shown by then) or the upload
    /// failed. A call made while an upload is under way does nothing: the picker shows one upload at a time.
    public func upload(_ image: AvatarImage) async {
        if case .loading = state { return }
        progress = []
        state = .loading
        // Progress comes from the upload's own task; the stream hands it to the main actor in order.
        let (events, continuation) = AsyncStream.makeStream(of: AvatarUploadProgress.self)
        let showing = Task { [weak self] in
            for await event in events { self?.progress.append(event) }
        }
        let outcome: LoadState<Avatar>
        do {
            let avatar = try await repository.uploadAvatar(userID: userID, image: image) { continuation.yield($0) }
            outcome = .loaded(avatar)
        } catch {
            outcome = .failed(message: error.description)
        }
        continuation.finish()
        await showing.value
        state = outcome
    }
}
