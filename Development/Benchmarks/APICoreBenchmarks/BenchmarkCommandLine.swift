import Foundation

/// `apicore-bench [--only NAME]... [--iterations N] [--warmup N] [--json] [--requests N] [--corpus DIR] [--list]
/// [--profile-side ours|baseline]`.
enum BenchmarkCommandLine {
    /// What the options say.
    struct Options {
        var timing = TimingSettings(warmup: 2, iterations: 10)
        var json = false
        var only: [String] = []
        var requests = 2_000
        var paths = BenchmarkPaths()
    }

    /// The usage text.
    static var usage: String {
        """
        usage: swift run -c release apicore-bench [options]

        Measures each scenario (or those named with --only) after warm-up runs, with its baseline in the same run,
        and prints a table: our median, min and max, the baseline's median, and the ratio of our median time to it.

        options:
          --iterations N   timed runs of each side (default 10)
          --warmup N       untimed runs first (default 2)
          --only NAME      measure only this scenario (repeatable, or comma-separated)
          --json           one JSON object per scenario and line instead of the table
          --requests N     queries per http.* run (default 2000)
          --corpus DIR     the shared corpus (default <repository>/../shared/corpus)
          --list           list the scenarios and their baselines
          --profile-side ours|baseline
                           run only this side, in both slots of the http.* scenarios, so that a profiler
                           (perf, callgrind) sees one client alone; their ratios are then meaningless
        """
    }

    /// Runs the scenarios the arguments select; the exit status: 0, 1 when a scenario fails, 2 on usage errors.
    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.first == "--peak-memory-child" { return peakMemoryChild(Array(arguments.dropFirst())) }
        if arguments.first == "--soak-child" { return await soakChild(Array(arguments.dropFirst())) }
        let options: Options
        switch parse(arguments) {
        case .run(let parsed): options = parsed
        case .exit(let status): return status
        }
        let scenarios =
            options.only.isEmpty ? BenchmarkScenarios.all : options.only.compactMap(BenchmarkScenarios.named)
        let context = BenchmarkContext(timing: options.timing, paths: options.paths, requests: options.requests)
        var rows: [BenchmarkTable.Row] = []
        for scenario in scenarios {
            if !options.json { printError("measuring \(scenario.name)...") }
            do {
                let result = try await scenario.run(context)
                if options.json {
                    // Unbuffered, so that a consumer sees each line as its scenario finishes.
                    let line = BenchmarkJSONLine.line(scenario, result, profiledSide: options.timing.profiledSide)
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                }
                rows.append(BenchmarkTable.Row(scenario: scenario, result: result))
            } catch {
                printError("error: scenario \(scenario.name) failed: \(error)")
                return 1
            }
        }
        if !options.json {
            print(BenchmarkTable(rows: rows).rendered)
            print("\nratio = our median time / the baseline's median time (below 1: faster than the baseline)")
            if let side = options.timing.profiledSide {
                print(
                    "--profile-side \(side.rawValue): the http.* rows ran that side in both slots; "
                        + "their ratios compare it with itself")
            }
        }
        return 0
    }

    private enum Parsed {
        case run(Options)
        case exit(Int32)
    }

    private static func parse(_ arguments: [String]) -> Parsed {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json":
                options.json = true
            case "--list":
                for scenario in BenchmarkScenarios.all {
                    print("\(scenario.name)\n    \(scenario.workload)\n    baseline: \(scenario.baseline)")
                }
                return .exit(0)
            case "-h", "--help":
                print(usage)
                return .exit(0)
            case "--profile-side":
                guard let value = remaining.popFirst(), let side = TimingSettings.ProfiledSide(rawValue: value) else {
                    return usageError("--profile-side needs 'ours' or 'baseline'")
                }
                options.timing.profiledSide = side
            case "--iterations", "--warmup", "--requests", "--only", "--corpus":
                guard let value = remaining.popFirst() else { return usageError("\(argument) needs a value") }
                switch argument {
                case "--only":
                    for name in value.split(separator: ",").map(String.init) {
                        guard BenchmarkScenarios.named(name) != nil else {
                            return usageError("unknown scenario '\(name)' (see --list)")
                        }
                        options.only.append(name)
                    }
                case "--corpus":
                    options.paths.corpus = URL(fileURLWithPath: value)
                default:
                    let minimum = argument == "--warmup" ? 0 : 1
                    guard let count = Int(value), count >= minimum else {
                        return usageError("\(argument) needs a whole number of at least \(minimum), not '\(value)'")
                    }
                    if argument == "--iterations" {
                        options.timing.iterations = count
                    } else if argument == "--warmup" {
                        options.timing.warmup = count
                    } else {
                        options.requests = count
                    }
                }
            default:
                return usageError("unknown option '\(argument)'")
            }
        }
        return .run(options)
    }

    /// `--peak-memory-child SIDE FILE [--corpus DIR]`: the child run of ``PeakMemory``.
    private static func peakMemoryChild(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 || (arguments.count == 4 && arguments[2] == "--corpus") else {
            return usageError("--peak-memory-child needs a side and a corpus file")
        }
        var paths = BenchmarkPaths()
        if arguments.count == 4 { paths.corpus = URL(fileURLWithPath: arguments[3]) }
        do {
            try PeakMemory.runChild(side: arguments[0], file: arguments[1], paths: paths)
            return 0
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    /// `--soak-child SIDE URL WARM TOTAL`: the child run of ``SoakScenario``.
    private static func soakChild(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 4, let url = URL(string: arguments[1]), let warm = Int(arguments[2]),
            let total = Int(arguments[3]), 0 < warm, warm < total
        else {
            return usageError("--soak-child needs a side, the server's URL and two request counts")
        }
        do {
            try await SoakScenario.runChild(side: arguments[0], url: url, counts: .init(warm: warm, total: total))
            return 0
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    private static func usageError(_ message: String) -> Parsed {
        printError("error: \(message)\n\n\(usage)")
        return .exit(2)
    }

    private static func usageError(_ message: String) -> Int32 {
        printError("error: \(message)")
        return 2
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
