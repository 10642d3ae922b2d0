// The benchmark executable, run in release mode: `swift run -c release apicore-bench` (see BenchmarkCommandLine for
// the scenarios and options).
import Foundation

exit(await BenchmarkCommandLine.run(Array(CommandLine.arguments.dropFirst())))
