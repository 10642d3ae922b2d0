import APICoreGraphQL

/// One response object on its way into a selection set's `GraphQLSelectionSet.init(reader:)`: the object, the
/// selections it is read with, and the decode's shared state.
///
/// Decoding creates one for an operation's data, a selection set decoded on its own, or a cache read, and tells the
/// context's observer as it does. A `GraphQLSelectionSet` checks the whole object against the selections
/// (``GraphQLSelectionValidator``) and keeps it; its properties then read the checked data.
public struct GraphQLObjectReader {
    /// The object being read.
    public let object: JSONObject

    /// The shared state of this decode.
    public let context: GraphQLDecodingContext

    /// The selections the object is read with: a generated selection set's, or a document's compiled at run time.
    public let selections: GraphQLSelectionTree

    /// Starts reading `object` as `selectionSet`, telling the context's observer.
    public init(
        object: JSONObject,
        selectionSet: any GraphQLSelectionSet.Type,
        context: GraphQLDecodingContext
    ) {
        self.init(object: object, selections: GraphQLSelectionTree(selectionSet), context: context)
    }

    /// Starts reading `object` with `selections`, telling the context's observer: for an operation's data, whose
    /// selections may have been compiled at run time. They must describe the selection set that reads the object.
    package init(object: JSONObject, selections: GraphQLSelectionTree, context: GraphQLDecodingContext) {
        self.object = object
        self.context = context
        self.selections = selections
        context.observer?.didEnter(object: object, as: selections, in: context)
    }
}
