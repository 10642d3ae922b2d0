/// The class generated selection sets inherit from: a typed view of one checked response object.
///
/// A generated selection set is a `final` subclass that overrides `__parentType` and `__selections` and adds one
/// computed property per field. It inherits everything else: the ``GraphQLSelectionSet`` conformance with its
/// `GraphQLOutputValue`, `Hashable` and `Equatable` parts, the stored object and the initializer. So the generated
/// module declares no conformance and no witness per selection set: with structs, each one's own `Hashable`
/// conformance (whose witness table the runtime instantiates, as the standard library's protocols are resilient) cost
/// the app more code than everything else in the struct together, and most of the compiler's time.
///
/// Values are immutable and compare as structs of one stored property would: equal when they are of the same class
/// and were read from equal data.
// Safety: the one stored property is an immutable `let` of a `Sendable` class, and the generated subclasses add no
// stored properties.
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

    /// Two values are equal when they are of the same class and were read from equal data, as two values of a
    /// selection-set struct are. They hash their data, as ``GraphQLSelectionSet`` does.
    public static func == (lhs: GraphQLSelectionSetObject, rhs: GraphQLSelectionSetObject) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.__object.data == rhs.__object.data
    }
}
