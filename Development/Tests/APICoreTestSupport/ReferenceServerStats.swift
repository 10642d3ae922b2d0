import Foundation

/// What the strawberry reference server recorded for one key (`GET /control/stats/{key}`).
///
/// A key is the realm of `/secure/{realm}/...`, the key of `/flaky/{key}/...`, or the `X-Test-Key` request header
/// on any other route. A key that was never used reports zero requests and no last request.
public struct ReferenceServerStats: Sendable, Equatable, Decodable {
    /// The key these statistics belong to.
    public let key: String
    /// How many requests arrived for the key, token refreshes included.
    public let requests: Int
    /// How many `POST /secure/{realm}/auth/refresh` requests arrived for the realm.
    public let refreshes: Int
    /// When each request arrived, in monotonic seconds of the server's clock: only differences are meaningful.
    public let attemptTimes: [Double]
    /// How many responses of each HTTP status the key received.
    public let statusCounts: [Int: Int]
    /// The headers of the last request, names lower-cased, repeated headers joined with ", ".
    public let lastHeaders: [String: String]
    /// The exact bytes of the last request's body, or `nil` when it had none.
    public let lastBody: Data?
    /// The method of the last request.
    public let lastMethod: String?
    /// The path of the last request, without the query.
    public let lastPath: String?
    /// The raw (still percent-encoded) query string of the last request, empty when it had none.
    public let lastQueryString: String?
    /// The bearer token the realm currently accepts, or `nil` when it accepts none.
    public let currentToken: String?
    /// The number of operations of each batch (a POST whose body is a JSON array) that arrived, in order.
    public let batchSizes: [Int]

    private enum CodingKeys: String, CodingKey {
        case key, requests, refreshes, attemptTimes, statusCounts, lastHeaders, lastMethod, lastPath
        case lastQueryString, currentToken, batchSizes
        case lastBody = "lastBodyBase64"
    }
}
