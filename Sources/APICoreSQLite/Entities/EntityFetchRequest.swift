/// Which entities of one type a fetch returns, and in what order: what an `NSFetchRequest` says for Core Data.
///
/// The predicate and the sort run in Swift on the decoded entities of the type, so any property can be used; the
/// store is meant for the objects an app keeps on hand, not for tables of millions of rows.
public struct EntityFetchRequest<Entity: FragmentUpdatable>: Sendable {
    /// Which entities to include; all when `nil`.
    public var predicate: (@Sendable (Entity) -> Bool)?
    /// The order, most significant first; entities that compare equal are ordered by id.
    public var sortOrder: [EntitySortOrder<Entity>]
    /// The most entities returned, if limited.
    public var limit: Int?

    /// A request for the entities matching `predicate`, sorted by `sortOrder` then by id, at most `limit` of them.
    public init(
        predicate: (@Sendable (Entity) -> Bool)? = nil,
        sortedBy sortOrder: [EntitySortOrder<Entity>] = [],
        limit: Int? = nil
    ) {
        precondition(limit.map { $0 >= 0 } ?? true, "limit must not be negative")
        self.predicate = predicate
        self.sortOrder = sortOrder
        self.limit = limit
    }

    /// Applies the request to every entity of the type.
    func apply(to entities: [Entity]) -> [Entity] {
        var result = entities
        if let predicate { result = result.filter(predicate) }
        result.sort { lhs, rhs in
            for order in sortOrder {
                if order.areInIncreasingOrder(lhs, rhs) { return true }
                if order.areInIncreasingOrder(rhs, lhs) { return false }
            }
            return lhs.entityID < rhs.entityID
        }
        if let limit, result.count > limit { result.removeSubrange(limit...) }
        return result
    }
}

/// One key of an ``EntityFetchRequest``'s order.
public struct EntitySortOrder<Entity: FragmentUpdatable>: Sendable {
    let areInIncreasingOrder: @Sendable (Entity, Entity) -> Bool

    /// Ascending order of a property.
    public static func ascending<Value: Comparable & Sendable>(_ property: KeyPath<Entity, Value> & Sendable) -> Self {
        Self { $0[keyPath: property] < $1[keyPath: property] }
    }

    /// Descending order of a property.
    public static func descending<Value: Comparable & Sendable>(_ property: KeyPath<Entity, Value> & Sendable) -> Self {
        Self { $0[keyPath: property] > $1[keyPath: property] }
    }

    /// Ascending order of an optional property, `nil` first.
    public static func ascending<Value: Comparable & Sendable>(_ property: KeyPath<Entity, Value?> & Sendable) -> Self {
        Self { isOrdered($0[keyPath: property], before: $1[keyPath: property]) }
    }

    /// Descending order of an optional property, `nil` last.
    public static func descending<Value: Comparable & Sendable>(_ property: KeyPath<Entity, Value?> & Sendable) -> Self
    {
        Self { isOrdered($1[keyPath: property], before: $0[keyPath: property]) }
    }

    private static func isOrdered<Value: Comparable>(_ lhs: Value?, before rhs: Value?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil), (_?, nil): false
        case (nil, _?): true
        case (let lhs?, let rhs?): lhs < rhs
        }
    }
}
