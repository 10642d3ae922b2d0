/// The servers ``ReferenceServer/shared(_:)`` hands out: one start per implementation per test process.
actor SharedReferenceServers {
    /// The process's registry.
    static let registry = SharedReferenceServers()

    private var starts: [ReferenceServer.Implementation: Task<ReferenceServer, any Error>] = [:]

    /// The shared server of `implementation`; the first caller starts it, concurrent callers await that start.
    /// A failed start is remembered, so every test that asks reports the same error instead of retrying it.
    func server(_ implementation: ReferenceServer.Implementation) async throws -> ReferenceServer {
        if let start = starts[implementation] {
            return try await start.value
        }
        let start = Task {
            try await ReferenceServer.launch(implementation, port: 0, isShared: true)
        }
        starts[implementation] = start
        return try await start.value
    }
}
