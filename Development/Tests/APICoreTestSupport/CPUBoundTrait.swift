import Testing

/// Runs each test it applies to (every test of a suite it is given to) on ``CPUBoundTestExecutor/shared``.
public struct CPUBoundTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(CPUBoundTestExecutor.shared) { try await function() }
    }
}

extension Trait where Self == CPUBoundTrait {
    /// Runs the test, or every test of the suite, off Swift's cooperative pool (``CPUBoundTestExecutor``): for tests
    /// that compute for long without awaiting, such as corpus and seeded property tests.
    public static var cpuBound: Self { Self() }
}
