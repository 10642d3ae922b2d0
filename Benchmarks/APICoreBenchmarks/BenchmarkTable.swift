/// A suite's results: one row per step, our median beside the baseline's and their ratio.
struct BenchmarkTable: Sendable {
    /// One step.
    struct Row: Sendable {
        /// What the step does.
        let step: String
        /// Our median, in seconds.
        let ours: Double
        /// The baseline's median in seconds, when the step has one.
        let baseline: Double?
    }

    /// The suite's name.
    let suite: String
    /// What the numbers are: the baseline, the iterations.
    let caption: String
    /// The name of the baseline column (`graphql-core`).
    let baselineName: String
    let rows: [Row]

    /// A Markdown table under a caption: `| step | ours | graphql-core | graphql-core / ours |`.
    var rendered: String {
        let header = ["step", "ours", baselineName, "\(baselineName) / ours"]
        let body = rows.map { row in
            [
                row.step, Self.format(row.ours), row.baseline.map(Self.format) ?? "-",
                row.baseline.map { Self.ratio($0 / row.ours) } ?? "-",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + body).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule =
            "|"
            + widths.enumerated().map { column, width in
                column == 0 ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
            }.joined(separator: "|") + "|"
        return ([suite + ": " + caption, "", line(header), rule] + body.map(line)).joined(separator: "\n")
    }

    /// `12.3 ms`, `1.42 s`, `85 µs`.
    static func format(_ seconds: Double) -> String {
        if seconds >= 1 { return fixed(seconds, digits: 2) + " s" }
        if seconds >= 0.001 { return fixed(seconds * 1_000, digits: seconds >= 0.1 ? 0 : 1) + " ms" }
        return fixed(seconds * 1_000_000, digits: 0) + " µs"
    }

    /// `37.1x`.
    static func ratio(_ value: Double) -> String {
        fixed(value, digits: value >= 100 ? 0 : 1) + "x"
    }

    /// `value` with `digits` decimals, without Foundation's formatters.
    static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int(scaled / scale)
        guard digits > 0 else { return String(whole) }
        let fraction = Int(scaled) - whole * Int(scale)
        let fractionText = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
