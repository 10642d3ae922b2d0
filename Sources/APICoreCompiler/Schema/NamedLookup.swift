/// Members in declaration order with lookup by name: the fields of object, interface and input-object types.
///
/// The first of two members with the same name wins lookups; schema validation reports the duplicate. A few members
/// are searched in order, which costs less than hashing the name; more are indexed by name.
struct NamedLookup<Member: NamedSchemaElement>: Sendable {
    let members: [Member]
    /// The position of the first member of each name; `nil` for few members.
    private let index: [String: Int]?

    /// The most members searched in order.
    private static var maximumSearched: Int { 8 }

    init(_ members: [Member]) {
        self.members = members
        guard members.count > Self.maximumSearched else {
            index = nil
            return
        }
        var index = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() where index[member.name] == nil {
            index[member.name] = position
        }
        self.index = index
    }

    subscript(name: String) -> Member? {
        guard let index else { return members.first { $0.name == name } }
        return index[name].map { members[$0] }
    }
}

/// A schema element looked up by its name.
protocol NamedSchemaElement: Sendable {
    /// The element's name.
    var name: String { get }
}

extension SchemaType: NamedSchemaElement {}
extension SchemaDirective: NamedSchemaElement {}
extension SchemaField: NamedSchemaElement {}
extension SchemaInputValue: NamedSchemaElement {}
