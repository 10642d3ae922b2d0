/// The results as a Markdown table: per scenario our median, min and max, the baseline's median and the ratio.
struct BenchmarkTable: Sendable {
    /// One measured scenario.
    struct Row: Sendable {
        let scenario: BenchmarkScenario
        let result: BenchmarkResult
    }

    let rows: [Row]

    /// `| scenario | median | min | max | baseline median | ratio |`, then the peak memory where measured.
    var rendered: String {
        let header = ["scenario", "median", "min", "max", "baseline median", "ratio (time)"]
        let body = rows.map { row in
            [
                row.scenario.name, Self.format(row.result.ours.median), Self.format(row.result.ours.min),
                Self.format(row.result.ours.max), Self.format(row.result.baseline.median),
                Self.fixed(row.result.ratio, digits: 3),
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
        let memory = rows.compactMap { row in Self.peakMemoryLine(row) ?? Self.soakLine(row) }
        return ([line(header), rule] + body.map(line) + (memory.isEmpty ? [] : [""] + memory))
            .joined(separator: "\n")
    }

    /// The peak memory of a scenario that measured it.
    static func peakMemoryLine(_ row: Row) -> String? {
        let extra = Dictionary(row.result.extra, uniquingKeysWith: { first, _ in first })
        guard let input = extra["input_bytes"], let peak = extra["peak_rss_bytes"],
            let startup = extra["startup_rss_bytes"], let foundation = extra["baseline_peak_rss_bytes"]
        else { return nil }
        return "\(row.scenario.name): peak RSS \(megabytes(peak)) (\(megabytes(startup)) before "
            + "reading) for a \(megabytes(input)) file: \(fixed((peak - startup) / input, digits: 1)) "
            + "bytes per input byte; JSONSerialization alone peaks at \(megabytes(foundation))"
    }

    /// The memory a soak kept per request, on each side.
    static func soakLine(_ row: Row) -> String? {
        let extra = Dictionary(row.result.extra, uniquingKeysWith: { first, _ in first })
        guard let warm = extra["rss_after_10k_bytes"], let soaked = extra["rss_after_40k_bytes"],
            let ours = extra["rss_growth_per_request_bytes"],
            let transport = extra["urlsession_transport_rss_growth_per_request_bytes"],
            let bare = extra["baseline_rss_growth_per_request_bytes"]
        else { return nil }
        return "\(row.scenario.name): RSS \(megabytes(warm)) after a quarter of the requests, \(megabytes(soaked)) "
            + "after all: \(fixed(ours, digits: 0)) bytes kept per request on the default transport, "
            + "\(fixed(transport, digits: 0)) on URLSessionTransport, \(fixed(bare, digits: 0)) on a bare URLSession"
    }

    /// `12.3 ms`, `1.42 s`, `85 µs`.
    static func format(_ seconds: Double) -> String {
        if seconds >= 1 { return fixed(seconds, digits: 2) + " s" }
        if seconds >= 0.001 { return fixed(seconds * 1_000, digits: seconds >= 0.1 ? 0 : 2) + " ms" }
        return fixed(seconds * 1_000_000, digits: 0) + " µs"
    }

    /// `10.5 MB`.
    static func megabytes(_ bytes: Double) -> String {
        fixed(bytes / 1_000_000, digits: 1) + " MB"
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

/// A result as one line of JSON: `{"name": ..., "median_ms": ..., "baseline": ..., "baseline_median_ms": ...,
/// "ratio": ...}`, then our min and max, the baseline's, the iterations and any further figures; `profiled_side` when
/// `--profile-side` ran one side in both slots, which makes the ratio no comparison.
enum BenchmarkJSONLine {
    static func line(
        _ scenario: BenchmarkScenario, _ result: BenchmarkResult, profiledSide: TimingSettings.ProfiledSide? = nil
    ) -> String {
        var fields: [(String, String)] = [
            ("name", string(scenario.name)),
            ("median_ms", number(result.ours.median * 1_000)),
            ("baseline", string(scenario.baseline)),
            ("baseline_median_ms", number(result.baseline.median * 1_000)),
            ("ratio", number(result.ratio)),
            ("min_ms", number(result.ours.min * 1_000)),
            ("max_ms", number(result.ours.max * 1_000)),
            ("baseline_min_ms", number(result.baseline.min * 1_000)),
            ("baseline_max_ms", number(result.baseline.max * 1_000)),
            ("iterations", String(result.ours.samples.count)),
            ("workload", string(scenario.workload)),
        ]
        fields += result.extra.map { ($0.key, number($0.value)) }
        if let profiledSide { fields.append(("profiled_side", string(profiledSide.rawValue))) }
        return "{" + fields.map { "\(string($0)): \($1)" }.joined(separator: ", ") + "}"
    }

    /// A JSON number to four decimals (0.1 µs for milliseconds); Swift's shortest round-tripping form of the rounded
    /// value is valid JSON.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : "\(rounded)"
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
