extension Hasher {
    /// Hashes named members without regard to their order, so that collections equal whatever their order (a JSON
    /// object's members, a record's fields) hash alike: each member's hash is combined commutatively.
    @_alwaysEmitIntoClient
    package mutating func combineUnordered<Value: Hashable>(names: [String], values: [Value]) {
        combine(names.count)
        var combined = 0
        for (name, value) in zip(names, values) {
            var member = Hasher()
            member.combine(name)
            member.combine(value)
            combined ^= member.finalize()
        }
        combine(combined)
    }
}
