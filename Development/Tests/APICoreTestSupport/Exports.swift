// The seeded generators, which the benchmarks link too, reach every test target through this module.
@_exported import SeededGeneration
