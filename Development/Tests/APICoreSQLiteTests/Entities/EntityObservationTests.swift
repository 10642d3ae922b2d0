import APICoreGraphQL
import APICoreSQLite
import Foundation
import Testing

@Suite struct EntityObservationTests {
    @Test func emitsTheCurrentResultThenEachChangeThatAltersIt() async throws {
        let directory = try TemporaryDirectory()
        let store = try EntityStore(fileURL: directory.file("entities.sqlite"))
        try store.upsert(PersonDetails.make(id: "1", name: "Luke", height: 1.72), as: Person.self)

        let tall = EntityFetchRequest<Person>(predicate: { ($0.height ?? 0) > 1.6 }, sortedBy: [.ascending(\.name)])
        var results = store.observe(tall).makeAsyncIterator()
        let initial = try await results.next()
        #expect(initial?.map(\.name) == ["Luke"])

        // Changes the result does not depend on: another type, an entity the predicate leaves out, a write that
        // changes nothing. None of them may be emitted before the change that follows.
        try store.upsert(PersonDetails.make(id: "1", name: "Luke"), as: Starship.self)
        try store.upsert(PersonDetails.make(id: "2", name: "Leia", height: 1.5), as: Person.self)
        try store.upsert(PersonDetails.make(id: "1", name: "Luke", height: 1.72), as: Person.self)

        try store.upsert(PersonDetails.make(id: "3", name: "Han", height: 1.8), as: Person.self)
        let afterInsert = try await results.next()
        #expect(afterInsert?.map(\.name) == ["Han", "Luke"])

        #expect(try store.delete(Person.self, withId: "1"))
        let afterDelete = try await results.next()
        #expect(afterDelete?.map(\.name) == ["Han"])
    }
}
