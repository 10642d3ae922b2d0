// The seeded generators, which the benchmarks share, reach every test target through this module as before.
@_exported import SeededGeneration
