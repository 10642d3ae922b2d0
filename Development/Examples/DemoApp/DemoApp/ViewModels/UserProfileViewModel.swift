import APICoreKit
import Observation
import SharedKit
import UserKit

/// The profile screen's state: one user, loaded, observed and updated through a ``UserKit/UserRepository``.
@Observable
@MainActor
public final class UserProfileViewModel {
    /// The user whose profile this is.
    public let userID: String
    /// What the screen shows.
    public private(set) var state: LoadState<User> = .idle
    /// The backend that answered the last load or update.
    public private(set) var backend: Backend?
    /// The user as the screen follows it (``observe()``): the repository's model, with the cached user already in
    /// it when the repository could read one, so a view shows it in its first frame.
    public let profile: APIQueryModel<User>
    /// Every user the screen showed while observing, in order: the cached user, then each optimistic and confirmed
    /// change. Like a view, it sees the model after each change, so changes within one turn of the main actor show
    /// once.
    public private(set) var observedUsers: [User] = []

    @ObservationIgnored private let repository: any UserRepository
    @ObservationIgnored private var isObserving = false

    /// A view model for the user with `userID`.
    public init(userID: String, repository: any UserRepository) {
        self.userID = userID
        self.repository = repository
        profile = repository.profileModel(id: userID)
    }

    /// Loads the user from the network.
    public func load() async {
        state = .loading
        do {
            let result = try await repository.user(id: userID)
            state = .loaded(result.user)
            backend = result.backend
        } catch {
            state = .failed(message: error.description)
        }
    }

    /// Shows the user now (from the cache when it holds one) and after every change, until ``stopObserving()``.
    public func observe() {
        guard !isObserving else { return }
        isObserving = true
        showProfile()
        profile.start()
    }

    /// Stops the observation ``observe()`` started.
    public func stopObserving() {
        isObserving = false
        profile.stop()
    }

    /// Applies `update` to the loaded user; observers see the expected result at once when the backend allows it.
    public func update(_ update: UserUpdate) async {
        guard let user = state.value else {
            state = .failed(message: "the profile must be loaded before it can be changed")
            return
        }
        do {
            let result = try await repository.updateUser(user, with: update)
            state = .loaded(result.user)
            backend = result.backend
        } catch {
            state = .failed(message: error.description)
        }
    }

    /// Shows what the profile model holds, then again after its next change, while observing.
    private func showProfile() {
        guard isObserving else { return }
        if let failure = profile.failure {
            state = .failed(message: ServiceError(modelFailure: failure).description)
        } else if let user = profile.value, user != observedUsers.last {
            observedUsers.append(user)
            state = .loaded(user)
        }
        withObservationTracking {
            _ = (profile.value, profile.failure)
        } onChange: { [weak self] in
            Task { @MainActor in self?.showProfile() }
        }
    }
}
