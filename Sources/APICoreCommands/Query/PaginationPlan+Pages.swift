import APICoreKit

extension PaginationPlan {
    /// What one page's response says about the next.
    enum PageStep: Equatable {
        /// No page follows: `hasNextPage` is false, or the connection itself came back null.
        case last
        /// The next page is fetched with this `endCursor`.
        case next(cursor: String)
        /// The response cannot lead to a next page; the reason is for standard error.
        case stop(reason: String)
    }

    /// Reads `pageInfo` from the response `body` of page `page`; `usedCursors` are the cursors already sent, so that
    /// a server that hands one out again is stopped instead of being asked for the same pages forever.
    func step(after body: JSONValue, page: Int, usedCursors: Set<String>) -> PageStep {
        var value = body["data"]
        for (depth, key) in pageInfoPath.enumerated() {
            switch value {
            case .object(let object):
                value = object[key]
            case .null:
                // A null connection (or a null object above it) without errors has no pages after this one.
                return .last
            default:
                let place = depth == 0 ? "data" : "'\(pageInfoPath.prefix(depth).joined(separator: "."))'"
                return .stop(reason: "page \(page) has no object at \(place), so it has no pageInfo to follow")
            }
        }
        guard case .object(let pageInfo) = value else {
            return .stop(reason: "page \(page) has no pageInfo object at '\(pathDescription)'")
        }
        guard let hasNextPage = pageInfo[hasNextPageKey]?.boolValue else {
            return .stop(reason: "page \(page) has no boolean hasNextPage at '\(pathDescription)'")
        }
        guard hasNextPage else { return .last }
        guard let cursor = pageInfo[endCursorKey]?.stringValue else {
            return .stop(
                reason: "page \(page) says hasNextPage is true but its endCursor at '\(pathDescription)' is null, "
                    + "so there is no cursor to fetch the next page with")
        }
        guard !usedCursors.contains(cursor) else {
            return .stop(
                reason: "page \(page) says hasNextPage is true but gives an endCursor already used; fetching it "
                    + "again would repeat pages forever")
        }
        return .next(cursor: cursor)
    }
}
