#if canImport(Network)
    import Network
    import Dispatch

    /// Calls `onAvailable` each time the system reports that the network became usable again (the Network
    /// framework's path monitor: a path changing to `satisfied`).
    // Safety: the monitor calls its handler on `queue` only, and `wasSatisfied` is touched by that handler only;
    // `cancel` is safe from any thread.
    final class ConnectivitySignal: @unchecked Sendable {
        private let monitor = NWPathMonitor()
        private let queue = DispatchQueue(label: "APICoreSQLite.OfflineMutationQueue.connectivity")
        private var wasSatisfied = true

        init(onAvailable: @escaping @Sendable () -> Void) {
            monitor.pathUpdateHandler = { [weak self] path in
                guard let self else { return }
                let satisfied = path.status == .satisfied
                if satisfied && !self.wasSatisfied { onAvailable() }
                self.wasSatisfied = satisfied
            }
            monitor.start(queue: queue)
        }

        deinit { monitor.cancel() }
    }
#else
    /// No system signal on this platform: the queue relies on its backoff retries and on
    /// ``OfflineMutationQueue/retryNow()``.
    final class ConnectivitySignal: Sendable {
        init(onAvailable: @escaping @Sendable () -> Void) {}
    }
#endif
