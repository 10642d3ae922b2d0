// The benchmark executable, run in release mode: `swift run -c release APICoreBenchmarks all` (see
// BenchmarkCommandLine for the suites and options).
import Foundation

exit(BenchmarkCommandLine.run(Array(CommandLine.arguments.dropFirst())))
