import GRDB

/// The table of ``EntityStore`` and the migrations that create and upgrade it.
///
/// One row per entity: its type's name, its id and the entity encoded as JSON text. A rowid table, unlike the cache's
/// records: SQLite reports changes to rowid tables only, and observations depend on them.
package enum EntitySchema {
    package static let entitiesTable = "apicore_entities"

    /// The migration that creates the entities table.
    package static let createEntities = "entities-v1"

    /// Every migration, in order.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(
            createEntities,
            sql: """
                CREATE TABLE \(entitiesTable) (
                    type TEXT NOT NULL,
                    id TEXT NOT NULL,
                    entity TEXT NOT NULL,
                    PRIMARY KEY (type, id)
                )
                """)
        return migrator
    }
}
