/// Members in declaration order with lookup by name: the fields of object, interface and input-object types.
///
/// The first of two members with the same name wins lookups; schema validation reports the duplicate.
struct NamedLookup<Member: Sendable>: Sendable {
    let members: [Member]
    private let index: [String: Int]

    init(_ members: [Member], name: (Member) -> String) {
        self.members = members
        var index = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() where index[name(member)] == nil {
            index[name(member)] = position
        }
        self.index = index
    }

    subscript(name: String) -> Member? {
        index[name].map { members[$0] }
    }
}
