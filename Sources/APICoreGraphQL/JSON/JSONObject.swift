/// A JSON object that keeps its members in the order they were read or inserted.
///
/// Lookups are linear for small objects (the common case in GraphQL responses, where a selection set has a handful
/// of fields) and go through a hash index once an object grows past ``indexThreshold`` members.
public struct JSONObject: Sendable, Hashable {
    /// Objects with more members than this get a hash index for lookups.
    public static let indexThreshold = 12

    /// The member names, in order.
    public private(set) var keys: [String]
    /// The member values, in the same order as ``JSONObject/keys``.
    public private(set) var values: [JSONValue]
    private var index: [String: Int]?

    /// An empty object.
    public init() {
        keys = []
        values = []
        index = nil
    }

    /// An object with the given members; a later duplicate key replaces the earlier value in place.
    @_alwaysEmitIntoClient
    public init(_ members: some Sequence<(String, JSONValue)>) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// An object from parallel arrays of keys and values, as a reader produces them.
    ///
    /// - Precondition: the arrays have the same length and `keys` holds no duplicates.
    public init(uniqueKeys keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count, "JSONObject needs one value per key")
        self.keys = keys
        self.values = values
        self.index = nil
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The position of `key`, looked for at `expected` first: a walk that reads an object's members in the order the
    /// response lists them (most do) finds each where the last one ended, without a scan or a hash.
    @inlinable package func position(of key: String, expectedAt expected: Int) -> Int? {
        if expected >= 0, expected < keys.count, keys[expected] == key { return expected }
        return position(of: key)
    }

    /// The position of `key`, if the object has it.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// The value of `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return values[position]
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    if index != nil { rebuildIndex() }
                }
            } else if let newValue {
                append(uniqueKey: key, newValue)
            }
        }
    }

    /// Adds a member known not to be there yet, without looking for it first: for code building an object from keys
    /// it knows to be distinct.
    ///
    /// - Precondition: the object has no member `key`.
    public mutating func append(uniqueKey key: String, _ value: JSONValue) {
        assert(position(of: key) == nil, "JSONObject.append(uniqueKey:) with a key already present")
        keys.append(key)
        values.append(value)
        if index != nil {
            index![key] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// Makes room for `count` members in all, so that appending them does not reallocate.
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// The members in order.
    public var members: some Sequence<(key: String, value: JSONValue)> {
        zip(keys, values).lazy.map { (key: $0, value: $1) }
    }

    private mutating func rebuildIndex() {
        var index = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        self.index = index
    }

    /// Objects are equal when they have the same members, whatever their order, as JSON defines.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
        return true
    }

    /// Hashes the members without regard to their order, so objects equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combineUnordered(names: keys, values: values)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object from a dictionary literal, its members in the order written; a later duplicate key replaces the
    /// earlier.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
