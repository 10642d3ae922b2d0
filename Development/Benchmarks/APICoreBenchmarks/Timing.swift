/// The timed iterations of one piece of work, after its warm-up runs.
struct Timing: Sendable {
    /// Every timed iteration, in seconds.
    let samples: [Double]

    /// The median of the samples, in seconds.
    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest sample, in seconds.
    var min: Double { samples.min() ?? 0 }

    /// The slowest sample, in seconds.
    var max: Double { samples.max() ?? 0 }

    /// Runs `work` `warmup` times untimed, then `iterations` times timed, and more until the timed runs add up to
    /// `minimumSeconds` (a work of a few milliseconds gets enough samples that a few slow ones, when the shared machine
    /// is busy, cannot move the median); returns the timing and the last result (which the caller checks, so the work
    /// cannot be optimised away).
    static func measure<Result>(
        _ settings: TimingSettings,
        _ work: () throws -> Result
    ) rethrows -> (timing: Timing, result: Result) {
        try measure(settings, setup: {}, work: { _ in try work() })
    }

    /// Like ``measure(_:_:)``, with an untimed `setup` before each run whose value the timed `work` receives (a fresh
    /// database file, an empty folder).
    static func measure<Input, Result>(
        _ settings: TimingSettings,
        setup: () throws -> Input,
        work: (Input) throws -> Result
    ) rethrows -> (timing: Timing, result: Result) {
        let clock = ContinuousClock()
        for _ in 0..<settings.warmup {
            _ = try work(try setup())
        }
        var samples: [Double] = []
        samples.reserveCapacity(settings.iterations)
        var result: Result?
        var timed = 0.0
        while samples.count < settings.iterations
            || (timed < settings.minimumSeconds && samples.count < settings.maximumIterations)
        {
            let input = try setup()
            let start = clock.now
            result = try work(input)
            samples.append(seconds(clock.now - start))
            timed += samples[samples.count - 1]
        }
        guard let result else { preconditionFailure("at least one iteration") }
        return (Timing(samples: samples), result)
    }

    /// The asynchronous form of ``measure(_:_:)``, which also runs until the timed runs add up to `minimumSeconds`:
    /// a work of microseconds that hops between threads needs hundreds of samples for a median that holds still.
    static func measure<Result>(
        _ settings: TimingSettings,
        _ work: () async throws -> Result
    ) async rethrows -> (timing: Timing, result: Result) {
        let clock = ContinuousClock()
        for _ in 0..<settings.warmup {
            _ = try await work()
        }
        var samples: [Double] = []
        var result: Result?
        var timed = 0.0
        while samples.count < settings.iterations
            || (timed < settings.minimumSeconds && samples.count < settings.maximumIterations)
        {
            let start = clock.now
            result = try await work()
            samples.append(seconds(clock.now - start))
            timed += samples[samples.count - 1]
        }
        guard let result else { preconditionFailure("at least one iteration") }
        return (Timing(samples: samples), result)
    }

    /// Times two asynchronous workloads in alternation (ours, then the baseline, in each round), so that a change in
    /// the machine's load during the run weighs on both sides alike; for workloads bound by latency, where the load
    /// of a shared machine moves the figures most.
    static func measureAlternating<Result>(
        _ settings: TimingSettings,
        ours: () async throws -> Result,
        baseline: () async throws -> Result
    ) async rethrows -> (ours: (timing: Timing, result: Result), baseline: (timing: Timing, result: Result)) {
        let clock = ContinuousClock()
        // With a profiled side, both slots run it: a profiler then sees one client alone, in the same rhythm.
        let side = settings.profiledSide
        for _ in 0..<settings.warmup {
            _ = try await side == .baseline ? baseline() : ours()
            _ = try await side == .ours ? ours() : baseline()
        }
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        var oursResult: Result?
        var baselineResult: Result?
        for _ in 0..<settings.iterations {
            var start = clock.now
            oursResult = try await side == .baseline ? baseline() : ours()
            oursSamples.append(seconds(clock.now - start))
            start = clock.now
            baselineResult = try await side == .ours ? ours() : baseline()
            baselineSamples.append(seconds(clock.now - start))
        }
        guard let oursResult, let baselineResult else { preconditionFailure("at least one iteration") }
        return ((Timing(samples: oursSamples), oursResult), (Timing(samples: baselineSamples), baselineResult))
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// How many untimed and timed runs each side of a scenario gets.
struct TimingSettings: Sendable {
    /// Untimed runs first (caches, allocator, lazily built tables).
    var warmup: Int
    /// Timed runs; at least one.
    var iterations: Int
    /// A synchronous work's timed runs go on past `iterations` until they add up to this many seconds, up to
    /// `maximumIterations` of them.
    var minimumSeconds = 0.5
    /// The most timed runs `minimumSeconds` can ask for.
    var maximumIterations = 500
    /// The one side that the alternating (`http.*`) scenarios run in both of their slots, for profiling that side
    /// alone; `nil` (the default) times each side in its own slot.
    var profiledSide: ProfiledSide?

    /// A side of a scenario.
    enum ProfiledSide: String, Sendable {
        case ours
        case baseline
    }
}
