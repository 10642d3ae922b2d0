// The benchmark executable, run in release mode: `swift run -c release apicore-bench` (see BenchmarkCommandLine for
// the scenarios and options).
import Foundation

// A synchronous main that waits for the async work: Debian's valgrind (3.19) crashes in `dispatch_main`, which an
// async main runs on, and callgrind's instruction counts are how the hot paths are profiled here.
let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 0
Task.detached {
    status = await BenchmarkCommandLine.run(Array(CommandLine.arguments.dropFirst()))
    finished.signal()
}
finished.wait()
exit(status)
