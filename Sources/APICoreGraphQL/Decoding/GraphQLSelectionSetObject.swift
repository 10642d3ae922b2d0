/// The class generated selection sets inherit from: a typed view of one checked response object.
///
/// A generated selection set is a `final` subclass that overrides `__parentType` and `__selections` and adds one
/// computed property per field. It inherits the rest: the ``GraphQLSelectionSet`` conformance with its
/// `GraphQLOutputValue`, `Hashable` and `Equatable` parts, the stored object and the initializer. So the generated
/// module declares no selection-set conformance of its own for each selection set, only the few that say more (a
/// fragment, an operation's data, `Identifiable`). As structs, each selection set's own `Hashable` conformance (whose
/// witness table the runtime instantiates, as the standard library's protocols are resilient) cost the app more text
/// than the rest of the struct did, and a seventh of its release compile.
///
/// Values are immutable. Two are equal when they are of the same class and were read from equal data, whatever the
/// variables they were read with; they hash their data.
///
/// The class itself selects nothing: use it as a superclass only, never as the selection set a value is read as,
/// whose `__selections` it would be asked for. A subclass adds no stored properties (it would not be `Sendable`,
/// a conformance it restates after this class) and overrides both class properties.
// Safety: the one stored property is an immutable `let` of a `Sendable` class, and subclasses add no stored
// properties (generated ones never do).
open class GraphQLSelectionSetObject: GraphQLSelectionSet, @unchecked Sendable {
    /// The checked response object, with the variables it was decoded for.
    public final let __object: GraphQLCheckedObject

    /// Wraps an object that was checked against this selection set (or that came from a value of it).
    public required init(__object: GraphQLCheckedObject) {
        self.__object = __object
    }

    /// The schema type the selections apply to: each subclass overrides it.
    open class var __parentType: GraphQLParentType {
        preconditionFailure("\(self) does not override __parentType")
    }

    /// The selections: each subclass overrides it.
    open class var __selections: [GraphQLSelection] {
        preconditionFailure("\(self) does not override __selections")
    }

    /// Whether two values are of the same class and were read from equal data.
    public static func == (lhs: GraphQLSelectionSetObject, rhs: GraphQLSelectionSetObject) -> Bool {
        guard type(of: lhs) == type(of: rhs) else { return false }
        return lhs.__object === rhs.__object || lhs.__data == rhs.__data
    }
}
