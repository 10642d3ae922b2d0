import APICoreGraphQL
import APICoreTestMocks
import StarWarsFixture
import StarWarsMocksFixture
import Testing

/// The encoder on Star Wars's generated operations and test mocks: what the response object holds for conditions,
/// aliases, type cases, lists with nulls and fields left unset.
@Suite("Test mocks encoder")
struct GraphQLMockEncoderTests {
    typealias Mocks = StarWarsAPIMocks

    @Test("@include decides a field with the operation's variables")
    func conditionalInclusion() throws {
        let query = Mocks.Query(hero: Mocks.Droid(name: "R2-D2"))
        let included = try query.data(for: HeroNameConditionalInclusionQuery(includeName: true))
        #expect(included.hero?.name == "R2-D2")
        let excluded = query.responseData(for: HeroNameConditionalInclusionQuery(includeName: false))
        let hero = try #require(excluded["hero"])
        #expect(hero["name"] == nil)
        #expect(hero["__typename"] == "Droid")
    }

    @Test("every alias of a field gets the builder's one value for that field")
    func aliases() throws {
        let data = try Mocks.Query(hero: Mocks.Human(name: "Luke")).data(for: TwoHeroesQuery())
        #expect(data.r2?.name == "Luke")
        #expect(data.luke?.name == "Luke")
    }

    @Test("a type case's aliased field reads the field of the builder's own type")
    func typeDependentAlias() throws {
        let operation = HeroTypeDependentAliasedFieldQuery()
        let human = try Mocks.Query(hero: Mocks.Human(homePlanet: "Tatooine")).data(for: operation)
        let hero = try #require(human.hero)
        #expect(hero.asHuman?.property == "Tatooine")
        #expect(hero.asDroid == nil)
        let droid = try Mocks.Query(hero: Mocks.Droid(primaryFunction: "Astromech")).data(for: operation)
        #expect(droid.hero?.asDroid?.property == "Astromech")
    }

    @Test("lists keep their nulls; unset non-null strings are empty and unset ids count per type")
    func listsAndPlaceholders() throws {
        let hero = Mocks.Human(friends: [Mocks.Droid(name: "R2-D2"), nil, Mocks.Human()])
        let json = Mocks.Query(hero: hero).responseData(for: HeroAndFriendsNamesQuery())
        #expect(json["hero"]?["name"] == "")
        let friends = json["hero"]?["friends"]?.arrayValue ?? []
        #expect(friends.count == 3)
        #expect(friends[0]["name"] == "R2-D2")
        #expect(friends[1] == .null)
        #expect(friends[2]["__typename"] == "Human")

        let ids = try Mocks.Query(hero: Mocks.Human(friends: [Mocks.Human(), Mocks.Droid(), Mocks.Human()]))
            .data(for: HeroAndFriendsIDsQuery())
        #expect(ids.hero?.id == "Human:1")
        #expect(ids.hero?.friends?.map { $0?.id } == ["Human:2", "Droid:1", "Human:3"])
    }

    @Test("one builder answers every selection of its field: under the field's name and an alias, other subfields")
    func mergedSelections() throws {
        let hero = Mocks.Droid(name: "R2-D2", appearsIn: [GraphQLEnum(.jedi)])
        let data = try Mocks.Query(hero: hero).data(for: SameHeroTwiceQuery())
        #expect(data.hero?.name == "R2-D2")
        #expect(data.r2?.appearsIn == [GraphQLEnum(.jedi)])
    }
}
