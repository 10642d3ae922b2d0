import APICoreGraphQL
import APICoreScalars
import DevelopmentSupport

/// The demo backend's data, in memory: users, products and the listeners of price changes.
///
/// Both the GraphQL resolvers and the REST handlers read and write through it, so the two APIs always agree.
public final class DemoStore: Sendable {
    private struct State {
        var users: [DemoUser]
        var products: [DemoProduct]
        var priceListeners: [Int: (productID: String, continuation: AsyncStream<DemoProduct>.Continuation)] = [:]
        var nextListener = 0
        var listenerWaiters: [(productID: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Lock<State>

    /// A store holding `users` and `products` (the seeded data by default).
    public init(users: [DemoUser] = DemoStore.seedUsers, products: [DemoProduct] = DemoStore.seedProducts) {
        state = Lock(State(users: users, products: products))
    }

    /// The users every new store starts with.
    public static let seedUsers: [DemoUser] = [
        DemoUser(id: "u1", name: "Ada Lovelace", email: "ada@example.com", role: "ADMIN", createdAt: 1_700_000_000_000),
        DemoUser(
            id: "u2", name: "Alan Turing", email: "alan@example.com", role: "CUSTOMER", createdAt: 1_700_086_400_000),
        DemoUser(
            id: "u3", name: "Grace Hopper", email: "grace@example.com", role: "CUSTOMER", createdAt: 1_700_172_800_000),
    ]

    /// The products every new store starts with; one price exceeds 32 bits to exercise `Long`.
    public static let seedProducts: [DemoProduct] = [
        DemoProduct(
            id: "p1", name: "The Swift Programming Language", category: "BOOKS", priceCents: 3_999, inStock: true),
        DemoProduct(id: "p2", name: "Mechanical Keyboard", category: "ELECTRONICS", priceCents: 12_900, inStock: true),
        DemoProduct(id: "p3", name: "Espresso Beans", category: "GROCERIES", priceCents: 1_450, inStock: false),
        DemoProduct(id: "p4", name: "Server Rack", category: "ELECTRONICS", priceCents: 5_000_000_000, inStock: true),
    ]

    /// All users, in seed order.
    public var users: [DemoUser] { state.withLock { $0.users } }

    /// The user with `id`, if any.
    public func user(id: String) -> DemoUser? {
        state.withLock { state in state.users.first { $0.id == id } }
    }

    /// Applies `update` to the user with `id` and returns the result, or nil when there is no such user.
    public func updateUser(id: String, _ update: DemoUserUpdate) -> DemoUser? {
        state.withLock { state in
            guard let index = state.users.firstIndex(where: { $0.id == id }) else { return nil }
            if let name = update.name { state.users[index].name = name }
            // Addresses are stored lowercased, so a client showing what it sent sees the server's version replace it.
            if let email = update.email { state.users[index].email = email.lowercased() }
            return state.users[index]
        }
    }

    /// The products, all or those of one category, in seed order.
    public func products(category: String? = nil) -> [DemoProduct] {
        state.withLock { state in state.products.filter { category == nil || $0.category == category } }
    }

    /// The `first` products (of `category`, or of all) after the one whose cursor is `after`, in seed order.
    ///
    /// A product's cursor is its id. Throws ``DemoPageError`` for a `first` under 1 or an unknown cursor.
    public func productPage(first: Int, after: String?, category: String?) throws(DemoPageError) -> DemoProductPage {
        guard first >= 1 else { throw DemoPageError("`first` must be at least 1") }
        let all = products(category: category)
        var start = all.startIndex
        if let after {
            guard let index = all.firstIndex(where: { $0.id == after }) else {
                throw DemoPageError("no product has the cursor \"\(after)\"")
            }
            start = index + 1
        }
        let end = min(all.endIndex, start + first)
        return DemoProductPage(
            products: Array(all[start..<end]), hasNextPage: end < all.endIndex, hasPreviousPage: start > 0)
    }

    /// Sets the avatar of the user with `id` and returns the user, or nil when there is no such user.
    public func setAvatar(userID: String, _ avatar: DemoAvatar) -> DemoUser? {
        state.withLock { state in
            guard let index = state.users.firstIndex(where: { $0.id == userID }) else { return nil }
            state.users[index].avatar = avatar
            return state.users[index]
        }
    }

    /// The product with `id`, if any.
    public func product(id: String) -> DemoProduct? {
        state.withLock { state in state.products.first { $0.id == id } }
    }

    /// Sets a product's price, tells the product's price listeners, and returns the product (nil when there is none).
    public func setPrice(productID: String, cents: Int64) -> DemoProduct? {
        let (product, listeners) = state.withLock { state -> (DemoProduct?, [AsyncStream<DemoProduct>.Continuation]) in
            guard let index = state.products.firstIndex(where: { $0.id == productID }) else { return (nil, []) }
            state.products[index].priceCents = cents
            return (
                state.products[index],
                state.priceListeners.values.filter { $0.productID == productID }.map(\.continuation)
            )
        }
        if let product { for listener in listeners { listener.yield(product) } }
        return product
    }

    /// The products whose price changes from now on, until the stream's consumer stops.
    public func priceChanges(productID: String) -> AsyncStream<DemoProduct> {
        let (stream, continuation) = AsyncStream.makeStream(of: DemoProduct.self, bufferingPolicy: .unbounded)
        let key = state.withLock { state in
            defer { state.nextListener += 1 }
            state.priceListeners[state.nextListener] = (productID, continuation)
            let ready = state.listenerWaiters.filter { $0.productID == productID }
            state.listenerWaiters.removeAll { $0.productID == productID }
            for waiter in ready { waiter.continuation.resume() }
            return state.nextListener
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.priceListeners.removeValue(forKey: key) }
        }
        return stream
    }

    /// Returns once someone listens to the price changes of `productID` (at once if someone already does), so a
    /// test can change a price knowing a subscription will see it.
    public func waitForPriceListener(productID: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { state in
                if state.priceListeners.values.contains(where: { $0.productID == productID }) {
                    continuation.resume()
                } else {
                    state.listenerWaiters.append((productID, continuation))
                }
            }
        }
    }
}

/// A page of products: what the GraphQL `ProductConnection` is built from.
public struct DemoProductPage: Sendable, Equatable {
    /// The products of the page, in order; each one's cursor is its id.
    public var products: [DemoProduct]
    /// Whether products follow the page.
    public var hasNextPage: Bool
    /// Whether products precede the page.
    public var hasPreviousPage: Bool
}

/// A page that cannot be made: a negative size or an unknown cursor.
public struct DemoPageError: Error, Sendable, CustomStringConvertible {
    /// What was wrong with the request.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
