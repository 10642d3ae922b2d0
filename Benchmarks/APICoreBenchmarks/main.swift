// The benchmark executable: run in release mode, `swift run -c release APICoreBenchmarks`.
print("APICoreBenchmarks: no benchmarks yet")
