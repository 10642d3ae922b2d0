import APICoreGraphQL
import APICoreJSON

extension CacheStore {
    /// Watches an operation's cached data (a query, usually).
    public func watch<Operation: GraphQLOperation>(_ operation: Operation) -> CacheWatch<Operation.Data> {
        watch(
            operation.__dataSelections, as: Operation.Data.self, key: .root(of: operation.__operationType),
            variables: operation.effectiveVariables)
    }

    /// Watches a selection set (a fragment, usually) at the record with the given key.
    public func watch<Selection: GraphQLSelectionSet>(
        _ type: Selection.Type,
        key: CacheKey,
        variables: JSONObject = JSONObject()
    ) -> CacheWatch<Selection> {
        watch(GraphQLSelectionTree(type), as: type, key: key, variables: variables)
    }

    private func watch<Selection: GraphQLSelectionSet>(
        _ selections: GraphQLSelectionTree,
        as type: Selection.Type,
        key: CacheKey,
        variables: JSONObject
    ) -> CacheWatch<Selection> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: CacheWatch<Selection>.Emission.self, bufferingPolicy: .unbounded)
        let reader: @Sendable (CacheReadTransaction) -> WatcherReadResult<Selection> = {
            $0.read(selections, as: Selection.self, key: key, variables: variables)
        }
        // Under the writer lock: no write lands between the first read and the registration.
        let watcher = writer.withLock { _ in
            let read = reader(currentTransaction())
            return state.withLock { state in
                let watcher = Watcher(id: state.makeID(), reader: reader, continuation: continuation)
                _ = watcher.offer(read.value, fieldErrors: read.fieldErrors, sequence: state.changeSequence)
                state.watchers.insert(watcher, dependencies: read.dependencies)
                state.watcherReads += 1
                return watcher
            }
        }
        let id = watcher.id
        continuation.onTermination = { [weak self] _ in
            // Released outside the lock: dropping the last reference to a continuation must not re-enter it.
            let removed = self?.state.withLock { $0.watchers.remove(id) }
            _ = removed
        }
        return CacheWatch(stream: stream, watcher: watcher, store: self)
    }

    /// Makes every watcher read again: for records that changed underneath the store, such as a SQLite file restored
    /// at launch or written by another process. Watchers whose data did not change emit nothing.
    public func refreshWatchers() {
        writer.withLock { _ in notifyWatchers(of: nil) }
    }

    /// Returns once the watchers have read again after every write made before the call (and any made meanwhile),
    /// and emitted what changed: for tests, and for work that must follow what screens show.
    public func waitForWatchers() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let settled = state.withLock { state -> Bool in
                guard state.refreshing else { return true }
                state.settleWaiters.append(continuation)
                return false
            }
            if settled { continuation.resume() }
        }
    }

    /// The number of live watchers.
    public var watcherCount: Int { state.withLock { $0.watchers.count } }

    /// How many times watchers have read their data, their first reads included: what watching costs the store.
    public var watcherReadCount: Int { state.withLock { $0.watcherReads } }

    /// See ``CacheWatch/publish(_:delivering:)``.
    func publish<Value>(
        _ records: RecordSet,
        delivering value: Value,
        to watcher: Watcher<Value>
    ) throws(CacheError) {
        guard !records.isEmpty else {
            state.withLock { watcher.acknowledge(value, sequence: $0.takeNumber()) }
            return
        }
        let startsRefresher = try writer.withLock { _ throws(CacheError) -> Bool in
            do throws(CacheError) {
                // Pages merged with stored ones make data the watcher has not seen.
                let mergesPages = !records.fieldMerges.isEmpty
                let records = try readyToWrite(resolvingFieldMerges(records))
                let changed = try cache.merge(records)
                defer { trimIfDue(afterWriting: records) }
                return state.withLock { state in
                    let sequence = state.recordChange(changed, skipping: watcher.id)
                    watcher.adopt(.success(value), sequence: sequence)
                    if state.layers.isEmpty, !mergesPages {
                        state.watchers.setDependencies(Self.fields(of: records), of: watcher.id)
                    } else {
                        // What the watcher reads may differ from `value`: it reads as the others do.
                        state.watchers.markDue(watcher.id, sequence: sequence)
                    }
                    return state.claimRefresher()
                }
            } catch {
                state.withLock { watcher.acknowledge(value, sequence: $0.takeNumber()) }
                throw error
            }
        }
        if startsRefresher { startRefresher() }
    }

    /// See ``CacheWatch/read()``.
    func read<Value>(
        for watcher: Watcher<Value>
    ) async -> (result: Result<Value, CacheError>, fieldErrors: [GraphQLError]) {
        do throws(CacheError) {
            let read = try await readingStamped { transaction in watcher.reader(transaction) }.value
            // Numbered anew: the read's own number is only a bound (its view may hold a write not yet numbered), and a
            // re-read the watcher has under way, which may be older, is to be taken as overtaken.
            state.withLock { watcher.adopt(read.value, fieldErrors: read.fieldErrors, sequence: $0.takeNumber()) }
            return (read.value, read.fieldErrors)
        } catch {
            return (.failure(error), [])
        }
    }

    /// Notes a change of `changed` (of everything, when `nil`), committed with the writer lock held: the watchers
    /// that read any of it become due to read again, which a task does after the writer has gone on.
    func notifyWatchers(of changed: Set<CacheFieldID>?) {
        if let changed, changed.isEmpty { return }
        let startsRefresher = state.withLock { state in
            _ = state.recordChange(changed)
            return state.claimRefresher()
        }
        if startsRefresher { startRefresher() }
    }

    private func startRefresher() {
        Task { await refreshDueWatchers() }
    }

    /// How many watchers read on one consistent view: enough to share its cost, few enough that an in-memory cache's
    /// writes do not wait long for it.
    private static let refreshBatch = 64

    /// Re-reads the due watchers, in batches, each on one consistent view where the cache reads, concurrently with
    /// other reads and with writes, until none is due. Writes that land meanwhile only mark watchers due again, so a
    /// burst of writes costs each watcher one read once the burst is over, not one per write.
    private func refreshDueWatchers() async {
        while true {
            let (due, settled) = state.withLock {
                state -> ([any CacheWatcherEntry], [CheckedContinuation<Void, Never>]) in
                let due = state.watchers.takeDue()
                guard due.isEmpty else { return (due, []) }
                state.refreshing = false
                state.changeLog = []
                defer { state.settleWaiters = [] }
                return ([], state.settleWaiters)
            }
            guard !due.isEmpty else {
                for continuation in settled { continuation.resume() }
                return
            }
            var start = 0
            while start < due.count {
                let batch = Array(due[start..<min(start + Self.refreshBatch, due.count)])
                await refresh(batch)
                start += batch.count
            }
        }
    }

    /// Reads `batch` on one view and emits what changed. A watcher whose read missed a write that touched what it
    /// read (the write landed after the view was taken, on a field it had not depended on before) is due again.
    private func refresh(_ batch: [any CacheWatcherEntry]) async {
        var offered: [(id: UInt64, dependencies: Set<CacheFieldID>)] = []
        var overtaken: [UInt64] = []
        let sequence: UInt64
        do throws(CacheError) {
            let (reads, readSequence) = try await readingStamped { transaction in
                batch.map { $0.read(in: transaction) }
            }
            sequence = readSequence
            state.withLock { $0.watcherReads += batch.count }
            for (entry, read) in zip(batch, reads) {
                if read.offer(sequence) {
                    offered.append((entry.id, read.dependencies))
                } else {
                    // The owner gave the watcher data of a later change meanwhile, which this read does not depend on:
                    // it reads again, so that its dependencies are those of the data it holds.
                    overtaken.append(entry.id)
                }
            }
        } catch {
            // The view could not be opened: each watcher shows the failure and keeps what it depended on.
            sequence = state.withLock { state in
                state.watcherReads += batch.count
                return state.changeSequence
            }
            for entry in batch { _ = entry.failedRead(error).offer(sequence) }
        }
        state.withLock { state in
            for (id, dependencies) in offered {
                state.watchers.setDependencies(dependencies, of: id)
                state.watchers.markRead(id, through: sequence)
                if let change = state.lastChange(after: sequence, affecting: dependencies) {
                    state.watchers.markDue(id, sequence: change)
                }
            }
            for id in overtaken { state.watchers.markDue(id, sequence: state.changeSequence) }
            state.trimChangeLog(through: sequence)
        }
    }

    /// The fields `records` hold.
    private static func fields(of records: RecordSet) -> Set<CacheFieldID> {
        Set(
            records.records.values.lazy.flatMap { record in
                record.fields.keys.map { CacheFieldID(key: record.key, field: $0) }
            })
    }
}

extension StoreState {
    /// Numbers a committed change and makes the watchers it may affect (all of them, for `nil`) due to read again,
    /// but `skipping`; returns the change's number.
    mutating func recordChange(_ changed: Set<CacheFieldID>?, skipping: UInt64? = nil) -> UInt64 {
        changeSequence += 1
        watchers.markAffected(by: changed, sequence: changeSequence, skipping: skipping)
        if refreshing { changeLog.append((changeSequence, changed)) }
        return changeSequence
    }

    /// A number for something that is not a change of the records (a value a watch's owner delivered itself), after
    /// every change so far: a read numbered before it is older.
    mutating func takeNumber() -> UInt64 {
        changeSequence += 1
        return changeSequence
    }

    /// Whether the caller is to start the task that re-reads due watchers (it then runs until none is due).
    mutating func claimRefresher() -> Bool {
        guard !refreshing, !watchers.due.isEmpty else { return false }
        refreshing = true
        return true
    }

    /// The number of the last change after `sequence` that touched any of `dependencies`, if one did.
    func lastChange(after sequence: UInt64, affecting dependencies: Set<CacheFieldID>) -> UInt64? {
        changeLog.last { $0.sequence > sequence && WatcherIndex.depends(dependencies, on: $0.changed) }?.sequence
    }

    /// Forgets the changes no read still under way can have missed.
    mutating func trimChangeLog(through sequence: UInt64) {
        changeLog.removeAll { $0.sequence <= sequence }
    }
}
