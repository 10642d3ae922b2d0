import DemoApp
import Foundation
import ProductKit
import SharedKit
import Testing
import UserKit

/// A user repository whose every call fails with the same error.
struct FailingUserRepository: UserRepository {
    let error: ServiceError

    func user(id: String) async throws(ServiceError) -> UserResult { throw error }

    func observeUser(id: String) -> AsyncThrowingStream<User, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func updateUser(_ user: User, with update: UserUpdate) async throws(ServiceError) -> UserResult { throw error }

    func uploadAvatar(
        userID: String, image: AvatarImage, progress: @escaping @Sendable (AvatarUploadProgress) -> Void
    ) async throws(ServiceError) -> Avatar {
        progress(AvatarUploadProgress(bytesSent: 0, totalBytes: 10))
        throw error
    }
}

/// A product repository whose every call fails with the same error.
struct FailingProductRepository: ProductRepository {
    let error: ServiceError

    func products(category: Product.Category?, freshness: Freshness) -> AsyncThrowingStream<ProductList, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func product(id: String) async throws(ServiceError) -> Product { throw error }

    func updatePrice(productID: String, cents: Int64) async throws(ServiceError) -> Product { throw error }

    func priceChanges(productID: String) -> AsyncThrowingStream<Product, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func storedProducts() -> AsyncThrowingStream<[Product], any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func catalog(category: Product.Category?, pageSize: Int) -> any ProductCatalog {
        FailingCatalog(error: error)
    }
}

/// A catalogue whose every call fails with the same error.
struct FailingCatalog: ProductCatalog {
    let error: ServiceError

    func listings() -> AsyncThrowingStream<ProductListing, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }

    func loadNext() async throws(ServiceError) -> Bool { throw error }

    func refresh() async throws(ServiceError) { throw error }
}

@MainActor
@Suite("View models show a failing repository's error")
struct ViewModelFailureTests {
    let unavailable = ServiceError.unavailable(reason: "the network is down")

    @Test("A failed profile load shows the service's message")
    func profileLoadFails() async {
        let profile = UserProfileViewModel(userID: "u1", repository: FailingUserRepository(error: unavailable))
        #expect(profile.state == .idle)
        await profile.load()
        #expect(profile.state == .failed(message: "the service is unavailable: the network is down"))
        #expect(profile.backend == nil)
    }

    @Test("An unknown user is reported as not found")
    func profileNotFound() async {
        let missing = ServiceError.notFound(kind: "user", id: "u9")
        let profile = UserProfileViewModel(userID: "u9", repository: FailingUserRepository(error: missing))
        await profile.load()
        #expect(profile.state.failureMessage == "no user with id u9")
    }

    @Test("A failed observation ends in the failed state", .timeLimit(.minutes(10)))
    func observationFails() async {
        let profile = UserProfileViewModel(userID: "u1", repository: FailingUserRepository(error: unavailable))
        profile.observe()
        await ObservableCondition.wait { profile.state.failureMessage != nil }
        #expect(profile.state == .failed(message: unavailable.description))
        #expect(profile.observedUsers.isEmpty)
    }

    @Test("An update before anything loaded is refused with a message")
    func updateBeforeLoad() async {
        let profile = UserProfileViewModel(userID: "u1", repository: FailingUserRepository(error: unavailable))
        await profile.update(UserUpdate(name: "Ada"))
        #expect(profile.state.failureMessage == "the profile must be loaded before it can be changed")
    }

    @Test("A failed product load keeps no list and shows the message")
    func productsFail() async {
        let list = ProductListViewModel(repository: FailingProductRepository(error: unavailable))
        await list.load(freshness: .network)
        #expect(list.state == .failed(message: unavailable.description))
        #expect(list.lists.isEmpty)
    }

    @Test("A failed subscription stops the ticker with a message", .timeLimit(.minutes(10)))
    func tickerFails() async {
        let ticker = PriceTickerViewModel(productID: "p1", repository: FailingProductRepository(error: unavailable))
        ticker.start()
        #expect(ticker.isRunning)
        await ObservableCondition.wait { !ticker.isRunning }
        #expect(ticker.failureMessage == unavailable.description)
        #expect(ticker.prices.isEmpty)
    }

    @Test("A failed avatar upload shows the message, after the progress it made", .timeLimit(.minutes(10)))
    func avatarUploadFails() async {
        let picker = AvatarUploadViewModel(userID: "u1", repository: FailingUserRepository(error: unavailable))
        await picker.upload(AvatarImage(source: .data(Data(count: 10)), fileName: "a.png", contentType: "image/png"))
        #expect(picker.state == .failed(message: unavailable.description))
        #expect(picker.progress == [AvatarUploadProgress(bytesSent: 0, totalBytes: 10)])
        #expect(picker.fractionCompleted == 0)
    }

    @Test("A failing catalogue shows the message when observed, loading more or refreshing", .timeLimit(.minutes(10)))
    func catalogueFails() async {
        let screen = ProductCatalogViewModel(catalog: FailingCatalog(error: unavailable))
        screen.observe()
        await ObservableCondition.wait { screen.state.failureMessage != nil }
        #expect(screen.state == .failed(message: unavailable.description))
        #expect(screen.catalogue.items.isEmpty && !screen.hasMore)
        let loaded = await screen.loadMore()
        #expect(!loaded)
        #expect(screen.state == .failed(message: unavailable.description))
        await screen.refresh()
        #expect(screen.state == .failed(message: unavailable.description))
    }
}
