/// Timing a piece of work: one warm-up run, then timed iterations; the median is what reports show.
struct Timing: Sendable {
    /// Every timed iteration, in seconds.
    let samples: [Double]

    /// The median of the samples, in seconds.
    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Runs `work` once to warm up, then `iterations` times timed; returns the timing and the last result (which the
    /// caller checks, so the work cannot be optimised away).
    static func measure<Result>(
        iterations: Int,
        _ work: () throws -> Result
    ) rethrows -> (timing: Timing, result: Result) {
        precondition(iterations > 0, "at least one iteration")
        let clock = ContinuousClock()
        var result = try work()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = clock.now
            result = try work()
            samples.append(seconds(clock.now - start))
        }
        return (Timing(samples: samples), result)
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
