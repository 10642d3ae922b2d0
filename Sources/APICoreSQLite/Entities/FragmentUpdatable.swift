import APICoreGraphQL

/// A domain type that the ``EntityStore`` creates or updates from a generated fragment, by id: the Core Data pattern
/// of a managed object filled from the API's data, for value types and on every platform.
///
/// ```swift
/// struct Person: FragmentUpdatable {
///     var id: String
///     var name = ""
///
///     init(entityID: String) { id = entityID }
///     var entityID: String { id }
///     static func entityID(of fragment: PersonDetails) -> String { fragment.id }
///     mutating func update(from fragment: PersonDetails) { name = fragment.name }
/// }
/// ```
///
/// The store persists the value through its `Codable` conformance; its `Equatable` conformance lets observations
/// skip changes that leave a fetch's result as it was.
public protocol FragmentUpdatable: Codable, Sendable, Equatable {
    /// The generated fragment the type is filled from.
    associatedtype Fragment: GraphQLFragment

    /// The name the store files entities of this type under; the type's name by default. Changing it orphans the
    /// entities stored under the old name.
    static var entityName: String { get }

    /// The id of the entity a fragment describes.
    static func entityID(of fragment: Fragment) -> String

    /// The entity's id.
    var entityID: String { get }

    /// A new entity with the given id and no data yet.
    init(entityID: String)

    /// A new entity filled from a fragment; by default ``init(entityID:)`` followed by ``update(from:)``.
    init(fragment: Fragment)

    /// Updates the entity with the values of a fragment that describes it.
    mutating func update(from fragment: Fragment)
}

extension FragmentUpdatable {
    /// The type's name, as `String(describing:)` gives it.
    public static var entityName: String { String(describing: Self.self) }

    /// Creates the entity with the fragment's id through `init(entityID:)`, then fills it with `update(from:)`.
    public init(fragment: Fragment) {
        self.init(entityID: Self.entityID(of: fragment))
        update(from: fragment)
    }
}
