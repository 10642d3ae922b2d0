import APICoreKit

/// REST and GraphQL requests side by side: how many went over the network, their bytes and their median latency.
public struct RequestComparison: Sendable, Hashable {
    /// The figures of one kind of request.
    public struct Row: Sendable, Hashable {
        /// `GraphQL` or `REST`.
        public var kind: String
        /// Requests sent over the network.
        public var count: Int
        /// Request and response body bytes, together.
        public var bytes: Int
        /// The median duration, in milliseconds.
        public var medianMilliseconds: Double
    }

    /// One row per kind, GraphQL first; a kind without requests has a row of zeros.
    public let rows: [Row]

    /// The comparison of `requests`; answers served from a cache are left out.
    public init(requests: [RequestMetrics]) {
        let sent = requests.filter { !$0.isCacheHit }
        rows = [("GraphQL", true), ("REST", false)].map { kind, isGraphQL in
            let ofKind = sent.filter { $0.kind.isGraphQL == isGraphQL }
            return Row(
                kind: kind, count: ofKind.count, bytes: ofKind.reduce(0) { $0 + $1.requestBytes + $1.responseBytes },
                medianMilliseconds: Self.median(ofKind.map { $0.duration.milliseconds }))
        }
    }

    /// The row of `kind` (`GraphQL` or `REST`).
    public func row(_ kind: String) -> Row? {
        rows.first { $0.kind == kind }
    }

    /// The table as aligned text lines: a header, then one line per kind.
    public var lines: [String] {
        let header = ["kind", "requests", "bytes", "median ms"]
        let cells = rows.map { row in
            [row.kind, String(row.count), String(row.bytes), Self.format(row.medianMilliseconds)]
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        return ([header] + cells).map { line in
            line.indices.map { column in
                let cell = line[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // The kind is text, aligned left; the figures are aligned right.
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// `value` with two decimals.
    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension HTTPRequest.Kind {
    /// Whether the request is a GraphQL one rather than a REST one.
    var isGraphQL: Bool {
        if case .graphQL = self { return true }
        return false
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
