/// The kind of a GraphQL operation.
public enum GraphQLOperationType: String, Sendable, Hashable {
    /// A `query`: reads data, and is safe to retry and to send with GET.
    case query
    /// A `mutation`: changes data on the server.
    case mutation
    /// A `subscription`: a stream of results the server sends as events happen.
    case subscription
}

/// A GraphQL operation, as the code generator emits it: its name, kind and minimal document text, its typed
/// variables, and the selection set its response data decodes into.
///
/// Everything the network and the cache need is static data on the type; an instance only carries the variables.
public protocol GraphQLOperation: Sendable {
    /// The decoded `data` of a response to this operation.
    associatedtype Data: GraphQLRootSelectionSet

    /// The operation's name, as written in its document.
    static var operationName: String { get }

    /// Whether the operation is a query, a mutation or a subscription.
    static var operationType: GraphQLOperationType { get }

    /// The minimal document text: the operation and every fragment it uses.
    static var document: String { get }

    /// The persisted-query identifier: the SHA-256 hex digest of ``document``, when the generator computed it.
    static var operationIdentifier: String? { get }

    /// The variables, encoded for the wire. Absent optional variables have no member at all.
    var variables: JSONObject { get }

    /// The default values the document declares for its variables (`$withEmail: Boolean = true`).
    static var variableDefaults: JSONObject { get }

    /// Calls `body` with each file in the variables (a `GraphQLFile`) and its path (`variables.file`,
    /// `variables.files.0`, `variables.input.avatar`); an operation with files is sent as a multipart upload
    /// (`APICoreScalars`' `fileUploads` lists them). Generated operations whose variables can hold an `Upload`
    /// implement it; the others have none.
    func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void)
}

extension GraphQLOperation {
    /// No persisted-query identifier by default: the client then always sends the document text.
    public static var operationIdentifier: String? { nil }
    /// No variables by default, for operations that declare none.
    public var variables: JSONObject { JSONObject() }
    /// No defaults by default, for operations whose variables declare none.
    public static var variableDefaults: JSONObject { JSONObject() }
    /// No files by default, for operations whose variables cannot hold one.
    public func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {}
}

/// A GraphQL query: read-only, safe to retry and to send with GET.
public protocol GraphQLQuery: GraphQLOperation {}

extension GraphQLQuery {
    /// Always ``GraphQLOperationType/query``.
    public static var operationType: GraphQLOperationType { .query }
}

/// A GraphQL mutation.
public protocol GraphQLMutation: GraphQLOperation {}

extension GraphQLMutation {
    /// Always ``GraphQLOperationType/mutation``.
    public static var operationType: GraphQLOperationType { .mutation }
}

/// A GraphQL subscription.
public protocol GraphQLSubscription: GraphQLOperation {}

extension GraphQLSubscription {
    /// Always ``GraphQLOperationType/subscription``.
    public static var operationType: GraphQLOperationType { .subscription }
}

/// A named fragment: a selection set that can be read wherever the fragment is spread.
public protocol GraphQLFragment: GraphQLSelectionSet {
    /// The fragment's name.
    static var fragmentName: String { get }

    /// The fragment's definition text, as it appears in the documents that use it.
    static var fragmentDefinition: String { get }

    /// The default values the fragment declares for its own variables (`fragment AvatarFields($size: Int = 64)`):
    /// what a variable left out of a read or a write of the fragment alone (`readFragment`) takes, as a spread that
    /// gives no value takes them.
    static var variableDefaults: JSONObject { get }
}

extension GraphQLFragment {
    /// No defaults by default, for fragments that declare no variables with one.
    public static var variableDefaults: JSONObject { JSONObject() }
}
