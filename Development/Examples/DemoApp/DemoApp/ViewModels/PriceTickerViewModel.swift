import Observation
import ProductKit
import SharedKit

/// A live price display for one product: a subscription started and stopped by the screen, and every price it
/// received.
@Observable
@MainActor
public final class PriceTickerViewModel {
    /// The product whose price is shown.
    public let productID: String
    /// The product as each price change delivered it, in order.
    public private(set) var received: [Product] = []
    /// Whether the subscription runs.
    public private(set) var isRunning = false
    /// Why the subscription ended, when it failed.
    public private(set) var failureMessage: String?

    @ObservationIgnored private let repository: any ProductRepository
    @ObservationIgnored private var subscription: Task<Void, Never>?

    /// A ticker for the product with `productID`.
    public init(productID: String, repository: any ProductRepository) {
        self.productID = productID
        self.repository = repository
    }

    /// The prices received, in cents.
    public var prices: [Int64] { received.map(\.priceCents) }

    /// Starts the live subscription (again, after ``stop()``); prices received before are kept.
    public func start() {
        subscription?.cancel()
        failureMessage = nil
        isRunning = true
        let changes = repository.priceChanges(productID: productID)
        subscription = Task { [weak self] in
            do {
                for try await product in changes {
                    self?.received.append(product)
                }
                self?.isRunning = false
            } catch is CancellationError {
                return
            } catch {
                self?.failureMessage =
                    (error as? ServiceError)?.description ?? "the price subscription failed: \(error)"
                self?.isRunning = false
            }
        }
    }

    /// Stops the live subscription.
    public func stop() {
        subscription?.cancel()
        subscription = nil
        isRunning = false
    }
}
