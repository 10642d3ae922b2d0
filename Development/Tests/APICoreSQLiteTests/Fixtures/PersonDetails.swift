import APICoreGraphQL
import APICoreSQLite

/// A fragment written by hand in the shape `apicore generate` gives generated fragments.
struct PersonDetails: GraphQLFragment {
    static let fragmentName = "PersonDetails"
    static let fragmentDefinition = "fragment PersonDetails on Person { __typename id name height }"
    static let __parentType = GraphQLParentType.object("Person")
    static let __selections: [GraphQLSelection] = [
        .field(GraphQLField("__typename", .nonNull(.scalar("String")))),
        .field(GraphQLField("id", .nonNull(.scalar("ID")), leaf: String.self)),
        .field(GraphQLField("name", .nonNull(.scalar("String")), leaf: String.self)),
        .field(GraphQLField("height", .scalar("Float"), leaf: Double?.self)),
    ]

    let __object: GraphQLCheckedObject

    var id: String { __field("id") }
    var name: String { __field("name") }
    var height: Double? { __field("height") }

    /// The fragment as a response would carry it.
    static func make(id: String, name: String, height: Double? = nil) throws -> PersonDetails {
        try PersonDetails(data: [
            "__typename": "Person", "id": .string(id), "name": .string(name),
            "height": height.map(JSONValue.double) ?? .null,
        ])
    }
}

/// The domain type an app keeps: filled from the fragment, with a property of its own the fragment does not touch.
struct Person: FragmentUpdatable {
    var id: String
    var name = ""
    var height: Double?
    var isFavorite = false

    init(entityID: String) { id = entityID }

    var entityID: String { id }

    static func entityID(of fragment: PersonDetails) -> String { fragment.id }

    mutating func update(from fragment: PersonDetails) {
        name = fragment.name
        height = fragment.height
    }
}

/// A second domain type, for changes an observation of `Person` must not report.
struct Starship: FragmentUpdatable {
    var id: String
    var name = ""

    init(entityID: String) { id = entityID }

    var entityID: String { id }

    static func entityID(of fragment: PersonDetails) -> String { "ship-" + fragment.id }

    mutating func update(from fragment: PersonDetails) { name = fragment.name + "'s ship" }
}
