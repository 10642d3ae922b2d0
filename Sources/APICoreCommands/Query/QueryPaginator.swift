import APICoreGenerateCommand
import APICoreKit
import ArgumentParser

/// Runs `apicore query --paginate`: fetches page after page, each with the previous page's `endCursor` as
/// `$endCursor`, until `hasNextPage` is false, printing each response as one compact JSON line (or, with `--slurp`,
/// one JSON array of them all at the end).
///
/// A page with GraphQL errors, or without data, or that fails, ends the run with the status a single query would
/// have (3, 4 or 5), after everything fetched so far is printed. A page that cannot lead to the next one (no
/// `pageInfo`, or `hasNextPage` true with a null or already used `endCursor`) ends it with 5.
struct QueryPaginator {
    /// Where the document pages.
    let plan: PaginationPlan
    /// Whether the pages are printed together as one array at the end.
    let slurps: Bool

    /// Fetches every page, starting from `variables` (which may hold a first `endCursor`), with `fetch`; returns the
    /// status to exit with.
    func run(variables: JSONObject, fetch: (JSONObject) async -> QueryOutcome) async -> ExitCode {
        var variables = variables
        var usedCursors: Set<String> = []
        if let first = variables[PaginationPlan.cursorVariable]?.stringValue { usedCursors.insert(first) }
        var pages: [JSONValue] = []
        var page = 1
        while true {
            let outcome = await fetch(variables)
            if let output = outcome.output {
                if slurps { pages.append(output) } else { Self.printLine(output) }
            }
            let stop: (reason: String, status: ExitCode)
            if let reason = outcome.failureReason {
                stop = (reason, outcome.exitCode)
            } else if outcome.exitCode != .success {
                stop = ("the response has GraphQL errors", outcome.exitCode)
            } else {
                switch plan.step(after: outcome.output ?? .null, page: page, usedCursors: usedCursors) {
                case .last:
                    if slurps { Self.printLine(.array(pages)) }
                    return .success
                case .next(let cursor):
                    usedCursors.insert(cursor)
                    variables[PaginationPlan.cursorVariable] = .string(cursor)
                    page += 1
                    continue
                case .stop(let reason):
                    stop = (reason, QueryOutcome.requestFailedStatus)
                }
            }
            if slurps, !pages.isEmpty { Self.printLine(.array(pages)) }
            StandardStreams.writeLine("error: --paginate stopped at page \(page): \(stop.reason)", to: .error)
            return stop.status
        }
    }

    /// Writes `json` compact, on one line, integers exact.
    private static func printLine(_ json: JSONValue) {
        var text = JSONWriter().write(json)
        text.append(UInt8(ascii: "\n"))
        StandardStreams.write(text, to: .output)
    }
}
