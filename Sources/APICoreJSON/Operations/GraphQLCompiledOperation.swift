import APICoreGraphQL

/// An operation compiled at run time from a document validated against a schema: what a generated operation type
/// holds as static data (name, kind, document text, persisted-query id, variable defaults, the selections of its
/// data), as one immutable value that many calls share.
///
/// Build one with a document compiler (`APICoreDynamic`'s `GraphQLRuntimeSchema`), then run it with variables as a
/// ``GraphQLDynamicQuery``, ``GraphQLDynamicMutation`` or ``GraphQLDynamicSubscription``. Its selections are those the
/// code generator would have generated for the same document, so its data is normalized under the same cache keys as
/// a generated operation's and the two see each other's writes.
public final class GraphQLCompiledOperation: Sendable {
    /// The operation's name, which errors, logs and metrics carry.
    public let name: String
    /// The `operationName` a request for it carries: the name the document declares (or the caller chose); `nil`
    /// sends none, for a document whose only operation is anonymous.
    public let sentOperationName: String?
    /// Whether it is a query, a mutation or a subscription.
    public let operationType: GraphQLOperationType
    /// The document text sent to the server: the operation and the fragments it uses, with `__typename` selected on
    /// every object, as generated operations send it.
    public let document: String
    /// The SHA-256 hex digest of ``document``.
    public let operationIdentifier: String?
    /// The default values the document declares for its variables.
    public let variableDefaults: JSONObject
    /// The selections of the operation's data.
    public let dataSelections: GraphQLSelectionTree

    /// A compiled operation; compilers build these, apps rarely need to.
    public init(
        name: String,
        sentOperationName: String?,
        operationType: GraphQLOperationType,
        document: String,
        operationIdentifier: String?,
        variableDefaults: JSONObject,
        dataSelections: GraphQLSelectionTree
    ) {
        self.name = name
        self.sentOperationName = sentOperationName
        self.operationType = operationType
        self.document = document
        self.operationIdentifier = operationIdentifier
        self.variableDefaults = variableDefaults
        self.dataSelections = dataSelections
    }
}

/// The data of an operation compiled at run time: the response's `data` object, checked against the operation's
/// selections when it was decoded or read from the cache.
///
/// Its static selection-set members describe nothing: the pipeline reads a dynamic operation's data with the
/// operation's ``GraphQLCompiledOperation/dataSelections``.
public struct GraphQLDynamicData: GraphQLRootSelectionSet {
    /// Not used: a dynamic operation's data is read with its compiled selections.
    public static var __parentType: GraphQLParentType { GraphQLSelectionTree.unchecked.parentType }
    /// Not used: a dynamic operation's data is read with its compiled selections.
    public static var __selections: [GraphQLSelection] { [] }

    /// The checked data.
    public let __object: GraphQLCheckedObject

    /// Wraps checked data.
    public init(__object: GraphQLCheckedObject) {
        self.__object = __object
    }

    /// The response data, as the server sent it or as the cache rebuilt it.
    public var object: JSONObject { __object.data }
}
