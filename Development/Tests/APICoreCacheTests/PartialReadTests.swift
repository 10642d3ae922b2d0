import APICoreCache
import APICoreGraphQL
import APICoreTestSupport
import Testing

@Suite("Partial reads: what the cache holds, and the paths it lacks")
struct PartialReadTests {
    private static func storeWithProduct() throws -> CacheStore {
        let store = CacheStore()
        let data: JSONObject = [
            "product": .object([
                "__typename": "Product", "id": "1", "title": "Analytical Engine", "priceCents": 250_000,
                "owner": .object(["__typename": "User", "id": "1", "name": "Ada Lovelace"]),
            ])
        ]
        try store.publish(try store.decode(ProductQuery(id: "1"), data: data).records)
        return store
    }

    @Test("everything there: the value, no misses, the same as a full read")
    func complete() throws {
        let store = try Self.storeWithProduct()
        let read = try store.readPartial(ProductQuery(id: "1"))
        #expect(read.isComplete)
        #expect(read.misses.isEmpty)
        #expect(read.value == (try store.read(ProductQuery(id: "1"))))
    }

    @Test("a missing object under a nullable field: that field is nil, the rest is there, the path is named")
    func missingNullableObject() throws {
        let store = try Self.storeWithProduct()
        try store.evict(CacheKey("User:1"))
        #expect(throws: CacheError.self) { try store.read(ProductQuery(id: "1")) }

        let read = try store.readPartial(ProductQuery(id: "1"))
        let product = try #require(read.value?.product)
        #expect(product.title == "Analytical Engine")
        #expect(product.owner == nil)
        #expect(read.missingPaths == [ResponsePath([.field("product"), .field("owner")])])
        #expect(read.misses.map(\.code) == [.missingRecord])
        #expect(read.errors.first?.extensions["code"] == "CACHE_MISS")
    }

    @Test("a missing non-null field: the null goes up to the nearest nullable parent, as a server's would")
    func missingNonNullField() throws {
        let store = try Self.storeWithProduct()
        try store.evict(field: CacheFieldID(key: CacheKey("Product:1"), field: "title"))
        let read = try store.readPartial(ProductQuery(id: "1"))
        let value = try #require(read.value)
        #expect(value.product == nil)
        #expect(read.missingPaths == [ResponsePath([.field("product"), .field("title")])])
        #expect(read.misses.map(\.code) == [.missingField])
    }

    @Test("nothing cached: no value, and the miss of the root field")
    func nothingCached() throws {
        let read = try CacheStore().readPartial(ProductQuery(id: "1"))
        #expect(read.value == nil)
        #expect(!read.isComplete)
        #expect(read.misses.count == 1)
    }
}
