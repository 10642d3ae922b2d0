import Foundation

/// `APICoreBenchmarks [all | SUITE...] [--iterations N] [--baseline-iterations N] [--corpus DIR] [--list]`.
enum BenchmarkCommandLine {
    /// The usage text.
    static var usage: String {
        let suites = BenchmarkSuites.all.map {
            "  \($0.name.padding(toLength: 12, withPad: " ", startingAt: 0))\($0.abstract)"
        }
        return """
            usage: swift run -c release APICoreBenchmarks [all | SUITE...] [options]

            suites (all runs every one):
            \(suites.joined(separator: "\n"))

            options:
              --iterations N            timed iterations of our steps (default 10)
              --baseline-iterations N   timed iterations of a slow baseline's steps (default 5)
              --corpus DIR              the shared corpus (default <repository>/../shared/corpus)
              --list                    list the suites
            """
    }

    /// Runs the suites the arguments name and returns the exit status: 0, 1 when a suite fails, 2 on usage errors.
    static func run(_ arguments: [String]) -> Int32 {
        var options = BenchmarkOptions()
        var names: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--iterations", "--baseline-iterations", "--corpus":
                guard let value = remaining.popFirst() else { return usageError("\(argument) needs a value") }
                if argument == "--corpus" {
                    options.paths.corpus = URL(fileURLWithPath: value)
                } else if let count = Int(value), count > 0 {
                    if argument == "--iterations" {
                        options.iterations = count
                    } else {
                        options.baselineIterations = count
                    }
                } else {
                    return usageError("\(argument) needs a positive number, not '\(value)'")
                }
            case "--list":
                print(BenchmarkSuites.all.map { "\($0.name)\t\($0.abstract)" }.joined(separator: "\n"))
                return 0
            case "-h", "--help":
                print(usage)
                return 0
            default:
                guard argument == "all" || BenchmarkSuites.named(argument) != nil else {
                    return usageError("unknown suite or option '\(argument)'")
                }
                names.append(argument)
            }
        }
        guard !names.isEmpty else { return usageError("name a suite, or all") }
        let suites = names.contains("all") ? BenchmarkSuites.all : names.compactMap(BenchmarkSuites.named)

        for suite in suites {
            do {
                let table = try suite.init(options: options).run()
                print(table.rendered + "\n")
            } catch {
                FileHandle.standardError.write(Data("error: benchmark \(suite.name) failed: \(error)\n".utf8))
                return 1
            }
        }
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
        return 2
    }
}
