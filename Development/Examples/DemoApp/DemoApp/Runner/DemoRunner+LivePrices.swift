import ProductKit

extension DemoRunner {
    // MARK: - 6. Live prices

    /// Starts a price subscription, changes the price three times and shows each event.
    ///
    /// The first change must not be sent before the server has registered the subscription, or its event is lost.
    /// The in-process server says when it has ((``DemoServerControl/waitForPriceListener(productID:)``)). An external
    /// server cannot, so the first change is sent again every quarter second until its event arrives (the repeated
    /// events of that first price are shown once).
    func showLivePrices(_ container: AppContainer) async throws {
        heading("6. Live prices: a subscription on \(Self.productID)")
        let ticker = PriceTickerViewModel(productID: Self.productID, repository: container.products)
        ticker.start()
        defer { ticker.stop() }
        for (index, cents) in Self.newPrices.enumerated() {
            if index == 0 {
                try await sendFirstChange(cents, container: container, ticker: ticker)
            } else {
                _ = try await container.products.updatePrice(productID: Self.productID, cents: cents)
            }
            await ObservableCondition.wait {
                ticker.failureMessage != nil || !ticker.isRunning
                    || DemoRunner.withoutRepeats(ticker.prices).count > index
            }
            if let message = ticker.failureMessage { throw DemoError("the subscription failed: \(message)") }
            if !ticker.isRunning { throw DemoError("the subscription ended before its events arrived") }
        }
        ticker.stop()
        let events = Self.withoutRepeats(ticker.received)
        for (number, product) in events.enumerated() {
            write("event \(number + 1): \(product.name) now costs \(product.formattedPrice)")
        }
        write("subscription stopped after \(events.count) events")
        summary.priceEvents = events.map(\.priceCents)
        expect(summary.priceEvents == Self.newPrices, "step 6: the subscription delivered \(summary.priceEvents)")
    }

    private func sendFirstChange(_ cents: Int64, container: AppContainer, ticker: PriceTickerViewModel) async throws {
        if let server {
            await server.waitForPriceListener(productID: Self.productID)
            write("the server confirmed the subscription; changing the price 3 times")
            _ = try await container.products.updatePrice(productID: Self.productID, cents: cents)
            return
        }
        write("changing the price until the subscription sees it, then 2 more times")
        for _ in 0..<120 {
            _ = try await container.products.updatePrice(productID: Self.productID, cents: cents)
            // Retrying is the only way to learn that an external server registered the subscription.
            try await Task.sleep(for: .milliseconds(250))
            if !ticker.received.isEmpty || ticker.failureMessage != nil || !ticker.isRunning { return }
        }
        throw DemoError("no price event arrived within 30 seconds of changes")
    }

    // MARK: - 7. Entity store

    /// Shows the products the entity store keeps, once it holds the last price the subscription delivered.
    func showStoredProducts(_ container: AppContainer) async throws {
        heading("7. Entity store: the products kept on this device")
        let lastPrice = summary.priceEvents.last
        var stored: [Product] = []
        for try await products in container.products.storedProducts() {
            stored = products
            if products.first(where: { $0.id == Self.productID })?.priceCents == lastPrice { break }
        }
        let nameWidth = stored.map(\.name.count).max() ?? 0
        write("\(stored.count) products stored")
        for product in stored {
            let name = product.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            write("  \(name)  \(product.formattedPrice)")
        }
        let subscribed = stored.first { $0.id == Self.productID }
        let matches = subscribed != nil && subscribed?.priceCents == lastPrice
        write(
            "\(subscribed?.name ?? Self.productID) is stored at \(subscribed?.formattedPrice ?? "nothing"), "
                + "the last price received: \(matches ? "they match" : "they differ")")
        summary.storedProductCount = stored.count
        summary.storedPrice = subscribed?.priceCents
        expect(
            matches, "step 7: the stored price \(String(describing: subscribed?.priceCents)) is not the last event's")
    }
}
