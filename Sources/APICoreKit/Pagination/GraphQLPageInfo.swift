/// Where a list screen stands in a connection: what the merged list's `pageInfo` says, read by ``APIQueryPager``.
public struct GraphQLPageInfo: Sendable, Hashable {
    /// Whether the server has items after the loaded ones.
    public var hasNextPage: Bool
    /// Whether the server has items before the loaded ones.
    public var hasPreviousPage: Bool
    /// The cursor of the first loaded item.
    public var startCursor: String?
    /// The cursor of the last loaded item.
    public var endCursor: String?

    /// Page information as a connection's `pageInfo` gives it.
    public init(hasNextPage: Bool, hasPreviousPage: Bool = false, startCursor: String? = nil, endCursor: String? = nil)
    {
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
        self.startCursor = startCursor
        self.endCursor = endCursor
    }
}

/// Which page ``APIQueryPager`` asks its query for.
public enum GraphQLPageRequest: Sendable, Hashable {
    /// The first page, with no cursor (also what a refresh fetches).
    case first
    /// The page after the cursor (`after: cursor`).
    case next(after: String)
    /// The page before the cursor (`before: cursor`).
    case previous(before: String)
}
