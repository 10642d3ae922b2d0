import APICoreGraphQL

/// The fields of a record by storage key, in the order they were first stored.
///
/// A record has a handful of fields, and a response has thousands of records: the fields are two arrays (names and
/// values) rather than a hash table each, and the records the normalizer makes from the same selection sets share one
/// array of names, so a record costs one small allocation for its values. Lookups compare names in order up to
/// ``indexThreshold`` fields and go through a hash index above, as a `JSONObject`'s do.
///
/// It reads like a dictionary: `fields["name"]`, `fields["name"] = nil`, `for (name, value) in fields`.
public struct RecordFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Records with more fields than this get a hash index for lookups.
    public static let indexThreshold = 12

    /// The storage keys, each once, in the order first stored.
    public private(set) var keys: [String]
    /// The values, in the same order as ``keys``.
    public private(set) var values: [RecordValue]
    private var index: [String: Int]?

    /// No fields.
    public init() {
        keys = []
        values = []
        index = nil
    }

    /// The fields of a dictionary, in the order of their storage keys.
    public init(_ dictionary: [String: RecordValue]) {
        let names = dictionary.keys.sorted()
        self.init(uniqueKeys: names, values: names.map { dictionary[$0] ?? .null })
    }

    /// Fields from a dictionary literal, in the order written; a later duplicate replaces the earlier value.
    public init(dictionaryLiteral elements: (String, RecordValue)...) {
        self.init()
        for (name, value) in elements { self[name] = value }
    }

    /// Fields from parallel arrays, as the normalizer makes them; `keys` may be shared with other records.
    ///
    /// - Precondition: the arrays have the same length and `keys` holds no duplicates.
    package init(uniqueKeys keys: [String], values: [RecordValue]) {
        precondition(keys.count == values.count, "RecordFields needs one value per key")
        self.keys = keys
        self.values = values
        index = nil
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    /// The number of fields.
    public var count: Int { keys.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { keys.isEmpty }

    /// The fields as a dictionary.
    public var dictionary: [String: RecordValue] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    /// The position of `name`, looked for at `expected` first: records are written in the order their selections
    /// list the fields, and a read in that order finds each where the last one ended.
    @inline(__always)
    func position(of name: String, expectedAt expected: Int) -> Int? {
        if expected >= 0, expected < keys.count, keys[expected] == name { return expected }
        return position(of: name)
    }

    /// Sets each of `names` to the value at the same position of `values`, as the subscript would one by one: the
    /// normalizer writes the fields of an object met again (an author of many comments) in the order its record lists
    /// them, so each is found where the last one ended.
    mutating func assign(names: [String], values newValues: [RecordValue]) {
        var expected = 0
        for (name, value) in zip(names, newValues) {
            if let position = position(of: name, expectedAt: expected) {
                values[position] = value
                expected = position + 1
            } else {
                self[name] = value
            }
        }
    }

    /// The position of a storage key, if there is a field with it.
    @inline(__always)
    func position(of name: String) -> Int? {
        if let index { return index[name] }
        return keys.firstIndex(of: name)
    }

    /// The value stored under `name`; setting `nil` removes the field.
    public subscript(name: String) -> RecordValue? {
        get {
            guard let position = position(of: name) else { return nil }
            return values[position]
        }
        set {
            guard let newValue else {
                removeValue(forKey: name)
                return
            }
            if let position = position(of: name) {
                values[position] = newValue
            } else {
                keys.append(name)
                values.append(newValue)
                if index != nil {
                    index![name] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Removes the field stored under `name` and returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey name: String) -> RecordValue? {
        guard let position = position(of: name) else { return nil }
        keys.remove(at: position)
        let value = values.remove(at: position)
        if index != nil { keys.count > Self.indexThreshold ? rebuildIndex() : (index = nil) }
        return value
    }

    /// Makes room for `count` fields in all.
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    private mutating func rebuildIndex() {
        var index = [String: Int](minimumCapacity: keys.count)
        for (position, name) in keys.enumerated() { index[name] = position }
        self.index = index
    }

    /// The fields in order, as `(key, value)` pairs.
    public func makeIterator() -> Iterator {
        Iterator(fields: self)
    }

    /// Iterates the fields in order.
    public struct Iterator: IteratorProtocol {
        private let fields: RecordFields
        private var position = 0

        fileprivate init(fields: RecordFields) {
            self.fields = fields
        }

        /// The next field.
        public mutating func next() -> (key: String, value: RecordValue)? {
            guard position < fields.keys.count else { return nil }
            defer { position += 1 }
            return (fields.keys[position], fields.values[position])
        }
    }

    /// The number of fields, for `Sequence`.
    public var underestimatedCount: Int { keys.count }

    /// Fields are equal when they hold the same values under the same keys, whatever their order.
    public static func == (lhs: RecordFields, rhs: RecordFields) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (name, value) in zip(lhs.keys, lhs.values) where rhs[name] != value { return false }
        return true
    }

    /// Hashes the fields without regard to their order, so fields equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combineUnordered(names: keys, values: values)
    }
}
