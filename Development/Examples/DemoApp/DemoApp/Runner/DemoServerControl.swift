/// The demo server when it runs in the same process as the demo: what lets the demo wait for a subscriber, make
/// GraphQL fail on purpose, hold a mutation in flight and take the server down.
///
/// Against an external server there is none, and the demo skips or adapts the steps that need it.
public protocol DemoServerControl: Sendable {
    /// Returns once the server has a subscriber for the price changes of `productID`.
    func waitForPriceListener(productID: String) async
    /// While `failing`, every GraphQL request over HTTP is answered with 503; REST is unaffected.
    func setGraphQLFailing(_ failing: Bool)
    /// Holds the GraphQL requests of the operation `operationName` until ``release(operationName:)``.
    func hold(operationName: String)
    /// Answers the requests held for `operationName`, and holds no more.
    func release(operationName: String)
    /// Stops the server; later requests find nothing listening.
    func stop() async throws
}
