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
    /// Every value ``observe()`` delivered, in order: the cached user, then each optimistic and confirmed change.
    public private(set) var observedUsers: [User] = []

    @ObservationIgnored private let repository: any UserRepository
    @ObservationIgnored private var observation: Task<Void, Never>?

    /// A view model for the user with `userID`.
    public init(userID: String, repository: any UserRepository) {
        self.userID = userID
        self.repository = repository
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
        observation?.cancel()
        let users = repository.observeUser(id: userID)
        observation = Task { [weak self] in
            do {
                for try await user in users {
                    guard let self else { return }
                    observedUsers.append(user)
                    state = .loaded(user)
                }
            } catch is CancellationError {
                return
            } catch {
                self?.state = .failed(message: Self.message(for: error))
            }
        }
    }

    /// Stops the observation ``observe()`` started.
    public func stopObserving() {
        observation?.cancel()
        observation = nil
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

    /// The text a screen shows for a failed observation.
    static func message(for error: any Error) -> String {
        (error as? ServiceError)?.description ?? "the profile could not be read: \(error)"
    }
}
