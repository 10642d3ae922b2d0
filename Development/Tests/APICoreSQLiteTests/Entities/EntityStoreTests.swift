import APICoreGraphQL
import Foundation
import GRDB
import Testing

@testable import APICoreSQLite

@Suite struct EntityStoreTests {
    @Test func upsertCreatesThenUpdatesAnEntityFromAFragment() throws {
        let directory = try TemporaryDirectory()
        let store = try EntityStore(fileURL: directory.file("entities.sqlite"))

        let created: Person = try store.upsert(PersonDetails.make(id: "1000", name: "Luke", height: 1.72))
        #expect(created.id == "1000")
        #expect(created.name == "Luke")
        #expect(created.height == 1.72)

        // A local property survives an update from the API.
        var favorite = created
        favorite.isFavorite = true
        try store.save(favorite)
        let updated: Person = try store.upsert(PersonDetails.make(id: "1000", name: "Luke Skywalker"))
        #expect(updated.name == "Luke Skywalker")
        #expect(updated.height == nil)
        #expect(updated.isFavorite)
        #expect(try store.existingObject(Person.self, withId: "1000") == updated)
        #expect(try store.fetch(EntityFetchRequest<Person>()) == [updated])
    }

    @Test func objectWithIdMakesANewEntityWhereExistingObjectFindsNone() throws {
        let directory = try TemporaryDirectory()
        let store = try EntityStore(fileURL: directory.file("entities.sqlite"))

        #expect(try store.existingObject(Person.self, withId: "1001") == nil)
        var person = try store.object(Person.self, withId: "1001")
        #expect(person == Person(entityID: "1001"))
        // A new object is not stored until it is saved.
        #expect(try store.existingObject(Person.self, withId: "1001") == nil)

        person.name = "Darth Vader"
        try store.save(person)
        #expect(try store.existingObject(Person.self, withId: "1001") == person)
        #expect(try store.object(Person.self, withId: "1001") == person)
        // Ids are per type.
        #expect(try store.existingObject(Starship.self, withId: "1001") == nil)
    }

    @Test func fetchesByPredicateAndSortOrderAndDeletes() throws {
        let directory = try TemporaryDirectory()
        let store = try EntityStore(fileURL: directory.file("entities.sqlite"))
        let people: [Person] = try store.upsert([
            PersonDetails.make(id: "1", name: "Luke", height: 1.72),
            PersonDetails.make(id: "2", name: "Leia", height: 1.5),
            PersonDetails.make(id: "3", name: "Han", height: 1.8),
            PersonDetails.make(id: "4", name: "R2-D2"),
        ])
        #expect(people.map(\.id) == ["1", "2", "3", "4"])
        try store.upsert([PersonDetails.make(id: "1", name: "Luke")], as: Starship.self)

        let tall = EntityFetchRequest<Person>(predicate: { ($0.height ?? 0) > 1.6 }, sortedBy: [.descending(\.height)])
        #expect(try store.fetch(tall).map(\.name) == ["Han", "Luke"])
        let byName = EntityFetchRequest<Person>(sortedBy: [.ascending(\.name)], limit: 3)
        #expect(try store.fetch(byName).map(\.name) == ["Han", "Leia", "Luke"])
        #expect(try store.fetch(EntityFetchRequest<Starship>()).map(\.name) == ["Luke's ship"])

        #expect(try store.delete(Person.self, withId: "3"))
        #expect(try !store.delete(Person.self, withId: "3"))
        #expect(try store.fetch(tall).map(\.name) == ["Luke"])
        try store.deleteAll(Person.self)
        #expect(try store.fetch(EntityFetchRequest<Person>()).isEmpty)
        #expect(try store.fetch(EntityFetchRequest<Starship>()).count == 1)
    }

    @Test func entitiesSurviveReopeningTheFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("entities.sqlite")
        let store = try EntityStore(fileURL: file)
        let person: Person = try store.upsert(PersonDetails.make(id: "1000", name: "Luke", height: 1.72))
        try store.close()

        let reopened = try EntityStore(fileURL: file)
        #expect(try reopened.existingObject(Person.self, withId: "1000") == person)
    }

    @Test func anEntityThatNoLongerDecodesIsACorruptEntity() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("entities.sqlite")
        let store = try EntityStore(fileURL: file)
        try store.close()
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO \(EntitySchema.entitiesTable) (type, id, entity) VALUES ('Person', '7', '{\"id\": 7}')"
            )
        }
        try queue.close()

        let reopened = try EntityStore(fileURL: file)
        let error = #expect(throws: EntityStoreError.self) { try reopened.existingObject(Person.self, withId: "7") }
        #expect(error?.code == .corruptEntity)
        #expect(error?.entityName == "Person")
        #expect(error?.entityID == "7")
    }
}
