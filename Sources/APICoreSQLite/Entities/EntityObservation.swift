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
    public typealias Element = [Entity]
    public typealias Failure = EntityStoreError

    let base: AsyncValueObservation<[Entity]>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }

    /// Iterates the results; observation stops when the iterator is released or its task cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = [Entity]
        public typealias Failure = EntityStoreError

        var base: AsyncValueObservation<[Entity]>.Iterator

        public mutating func next() async throws(EntityStoreError) -> [Entity]? {
            do {
                return try await base.next()
            } catch {
                throw EntityStoreError.wrapping(error, reason: "observing the entity database failed")
            }
        }
    }
}
