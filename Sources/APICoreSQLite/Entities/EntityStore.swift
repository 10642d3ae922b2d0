import APICoreGraphQL
import APICoreJSON
import Foundation
import GRDB

/// Domain objects persisted in a SQLite file, created or updated from generated fragments by id, fetched and observed:
/// what a Core Data stack gives an app, for value types and on every platform.
///
/// ```swift
/// let store = try EntityStore(fileURL: url)
/// let person: Person = try store.upsert(data.hero.fragments.personDetails)
/// for try await people in store.observe(EntityFetchRequest<Person>(sortedBy: [.ascending(\.name)])) {
///     render(people)
/// }
/// ```
///
/// Every call is one SQLite transaction on a WAL-mode pool, so readers never wait for a writer. Entities are stored as
/// JSON through their `Codable` conformance, one row per entity. Give the store a file of its own, not the cache's:
/// each keeps its own schema versions.
public final class EntityStore: Sendable {
    /// The database file.
    public let fileURL: URL
    private let database: GuardedPool
    var pool: DatabasePool { database.pool }

    static let table = EntitySchema.entitiesTable

    /// Opens the store at `fileURL`, creating the file if needed.
    ///
    /// Entities may be the only copy of what the user did, so a corrupt file makes opening fail by default
    /// (``SQLiteFileOptions/CorruptionRecovery/fail``); pass `.setAsideAndRebuild` for a store the server can refill.
    /// A file this process may not write (its permissions, or a read-only volume) is opened for reading only: the
    /// entities read, and every save fails with a storage error that says so until the store is opened again.
    public init(
        fileURL: URL, options: SQLiteFileOptions = SQLiteFileOptions(corruptionRecovery: .fail)
    ) throws(EntityStoreError) {
        self.fileURL = fileURL
        do {
            let opened = try SQLiteDatabase.open(
                at: fileURL, label: "APICoreSQLite.entities", migrator: EntitySchema.migrator, options: options)
            database = opened.database
        } catch {
            throw EntityStoreError(.storage, reason: "the entity database could not be opened", underlying: error)
        }
    }

    /// Closes the database; any later call fails with `.storage`.
    public func close() throws(EntityStoreError) {
        do {
            try pool.close()
        } catch {
            throw EntityStoreError(.storage, reason: "the entity database could not be closed", underlying: error)
        }
    }

    /// The stored entity with the given id, or `nil`.
    public func existingObject<Entity: FragmentUpdatable>(
        _ type: Entity.Type = Entity.self, withId id: String
    ) throws(EntityStoreError) -> Entity? {
        try read { db in try Self.entity(Entity.self, id: id, in: db) }
    }

    /// The stored entity with the given id, or a new one made by ``FragmentUpdatable/init(entityID:)``, not stored
    /// until it is saved.
    public func object<Entity: FragmentUpdatable>(
        _ type: Entity.Type = Entity.self, withId id: String
    ) throws(EntityStoreError) -> Entity {
        try existingObject(Entity.self, withId: id) ?? Entity(entityID: id)
    }

    /// Stores entities, replacing those with the same ids, in one transaction.
    public func save<Entity: FragmentUpdatable>(_ entities: [Entity]) throws(EntityStoreError) {
        try write { db in
            for entity in entities { try Self.save(entity, in: db) }
        }
    }

    /// Stores an entity, replacing the one with the same id.
    public func save<Entity: FragmentUpdatable>(_ entity: Entity) throws(EntityStoreError) {
        try save([entity])
    }

    /// Updates the entity a fragment describes, or creates it, stores it and returns it.
    @discardableResult
    public func upsert<Entity: FragmentUpdatable>(
        _ fragment: Entity.Fragment, as type: Entity.Type = Entity.self
    ) throws(EntityStoreError) -> Entity {
        try upsert([fragment], as: Entity.self)[0]
    }

    /// Updates or creates the entities the fragments describe in one transaction, and returns them in the
    /// fragments' order.
    @discardableResult
    public func upsert<Entity: FragmentUpdatable>(
        _ fragments: [Entity.Fragment], as type: Entity.Type = Entity.self
    ) throws(EntityStoreError) -> [Entity] {
        try write { db in
            var entities: [Entity] = []
            entities.reserveCapacity(fragments.count)
            for fragment in fragments {
                let id = Entity.entityID(of: fragment)
                var entity: Entity
                if let existing = try Self.entity(Entity.self, id: id, in: db) {
                    entity = existing
                    entity.update(from: fragment)
                } else {
                    entity = Entity(fragment: fragment)
                }
                try Self.save(entity, in: db)
                entities.append(entity)
            }
            return entities
        }
    }

    /// Deletes the entity with the given id; `true` if there was one.
    @discardableResult
    public func delete<Entity: FragmentUpdatable>(
        _ type: Entity.Type, withId id: String
    ) throws(EntityStoreError) -> Bool {
        try write { db in
            try db.execute(
                sql: "DELETE FROM \(Self.table) WHERE type = ? AND id = ?", arguments: [Entity.entityName, id])
            return db.changesCount > 0
        }
    }

    /// Deletes every entity of a type.
    public func deleteAll<Entity: FragmentUpdatable>(_ type: Entity.Type) throws(EntityStoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE type = ?", arguments: [Entity.entityName])
        }
    }

    /// The entities a request selects, in its order.
    public func fetch<Entity: FragmentUpdatable>(
        _ request: EntityFetchRequest<Entity> = EntityFetchRequest()
    ) throws(EntityStoreError) -> [Entity] {
        try read { db in try request.apply(to: Self.entities(Entity.self, in: db)) }
    }

    // MARK: - Rows

    static func entity<Entity: FragmentUpdatable>(
        _ type: Entity.Type, id: String, in db: Database
    ) throws -> Entity? {
        let select = try db.cachedStatement(sql: "SELECT entity FROM \(table) WHERE type = ? AND id = ?")
        guard let text = try String.fetchOne(select, arguments: [Entity.entityName, id]) else { return nil }
        return try decode(Entity.self, id: id, text: text)
    }

    /// The stored rows of a type, as (id, JSON text), by id.
    static func rows<Entity: FragmentUpdatable>(of type: Entity.Type, in db: Database) throws -> [EntityRow] {
        let select = try db.cachedStatement(sql: "SELECT id, entity FROM \(table) WHERE type = ? ORDER BY id")
        return try Row.fetchAll(select, arguments: [Entity.entityName]).map { EntityRow(id: $0[0], text: $0[1]) }
    }

    static func entities<Entity: FragmentUpdatable>(_ type: Entity.Type, in db: Database) throws -> [Entity] {
        try decode(Entity.self, rows: rows(of: Entity.self, in: db))
    }

    static func decode<Entity: FragmentUpdatable>(
        _ type: Entity.Type, rows: [EntityRow]
    ) throws(EntityStoreError)
        -> [Entity]
    {
        var entities: [Entity] = []
        entities.reserveCapacity(rows.count)
        for row in rows { entities.append(try decode(Entity.self, id: row.id, text: row.text)) }
        return entities
    }

    static func decode<Entity: FragmentUpdatable>(
        _ type: Entity.Type, id: String, text: String
    ) throws(EntityStoreError) -> Entity {
        do {
            return try JSONValueDecoder().decode(Entity.self, from: JSONReader().read(text))
        } catch {
            throw EntityStoreError(
                .corruptEntity, entityName: Entity.entityName, entityID: id,
                reason: "the stored entity does not decode", underlying: error)
        }
    }

    private static func save<Entity: FragmentUpdatable>(_ entity: Entity, in db: Database) throws {
        let json: JSONValue
        do {
            json = try JSONValueEncoder().encode(entity)
        } catch {
            throw EntityStoreError(
                .encoding, entityName: Entity.entityName, entityID: entity.entityID,
                reason: "the entity does not encode", underlying: error)
        }
        let insert = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO \(table) (type, id, entity) VALUES (?, ?, ?)")
        try insert.execute(arguments: [Entity.entityName, entity.entityID, JSONWriter().string(json)])
    }

    // MARK: - Transactions

    private func read<T>(_ body: (Database) throws -> T) throws(EntityStoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw EntityStoreError.wrapping(error, reason: "reading the entity database failed")
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(EntityStoreError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw EntityStoreError.wrapping(error, reason: "writing the entity database failed")
        }
    }
}

/// One stored entity before decoding.
struct EntityRow: Sendable, Equatable {
    let id: String
    let text: String
}
