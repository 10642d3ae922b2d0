import GRDB

extension EntityStore {
    /// The results of a fetch request now and after every change that alters them: what an
    /// `NSFetchedResultsController` gives a Core Data app.
    ///
    /// The first element is the current result. Then a write to the store is followed by a new element when, and
    /// only when, the request's result is different: writes to other entity types, or to entities the predicate
    /// leaves out, emit nothing. Several writes in quick succession may be seen as one change.
    public func observe<Entity: FragmentUpdatable>(
        _ request: EntityFetchRequest<Entity> = EntityFetchRequest()
    ) -> EntityObservation<Entity> {
        let observation =
            ValueObservation
            .tracking { db in try Self.rows(of: Entity.self, in: db) }
            .removeDuplicates()
            .map { rows in try request.apply(to: Self.decode(Entity.self, rows: rows)) }
            .removeDuplicates()
        return EntityObservation(base: observation.values(in: pool))
    }
}

/// The results of an ``EntityFetchRequest`` over time; see ``EntityStore/observe(_:)``.
public struct EntityObservation<Entity: FragmentUpdatable>: AsyncSequence, Sendable {
    /// The fetch request's result: the matching entities, in the request's order.
    public typealias Element = [Entity]
    /// The error that ends an observation: a store that can no longer be read.
    public typealias Failure = EntityStoreError

    let base: AsyncValueObservation<[Entity]>

    /// An iterator that starts observing the store; each iterator observes on its own.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }

    /// Iterates the results; observation stops when the iterator is released or its task cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The fetch request's result: the matching entities, in the request's order.
        public typealias Element = [Entity]
        /// The error that ends an observation: a store that can no longer be read.
        public typealias Failure = EntityStoreError

        var base: AsyncValueObservation<[Entity]>.Iterator

        /// Waits for the next different result; `nil` once the task is cancelled. Throws ``EntityStoreError`` when
        /// the store cannot be read.
        public mutating func next() async throws(EntityStoreError) -> [Entity]? {
            do {
                return try await base.next()
            } catch {
                throw EntityStoreError.wrapping(error, reason: "observing the entity database failed")
            }
        }
    }
}
