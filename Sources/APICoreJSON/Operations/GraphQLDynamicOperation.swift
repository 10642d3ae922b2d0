import APICoreGraphQL
import APICoreScalars

/// An operation compiled at run time (a ``GraphQLCompiledOperation``) with its variables: run by the client like a
/// generated operation, whose name, document and selections it carries per instance rather than as static data.
public protocol GraphQLDynamicOperation: GraphQLOperation where Data == GraphQLDynamicData {
    /// The compiled document.
    var compiled: GraphQLCompiledOperation { get }
}

extension GraphQLDynamicOperation {
    /// Stands in for the per-instance name, which the client reads as `__operationName`.
    public static var operationName: String { "dynamic \(operationType.rawValue)" }
    /// Stands in for the per-instance document, which the client reads as `__document`.
    public static var document: String { "" }
    /// Stops on a compiled operation of another kind than `Self`'s: programmer misuse.
    static func requireKind(of compiled: GraphQLCompiledOperation) {
        precondition(
            compiled.operationType == operationType,
            "\(compiled.name) is a \(compiled.operationType.rawValue), not a \(operationType.rawValue)")
    }
}

/// A query compiled at run time, with its variables: executed, fetched and watched like a generated query, through
/// the same cache.
public struct GraphQLDynamicQuery: GraphQLDynamicOperation, GraphQLQuery {
    /// The response data, as JSON checked against the compiled selections.
    public typealias Data = GraphQLDynamicData

    /// The compiled document.
    public let compiled: GraphQLCompiledOperation
    /// The variables, encoded for the wire.
    public let variables: JSONObject
    /// The files in the variables, each at its path (`variables.file`), sent as a multipart upload.
    public let fileUploads: [GraphQLFileUpload]

    /// The compiled query with its variables (and files); the operation must be a query.
    public init(
        _ compiled: GraphQLCompiledOperation, variables: JSONObject = JSONObject(), files: [GraphQLFileUpload] = []
    ) {
        Self.requireKind(of: compiled)
        self.compiled = compiled
        self.variables = variables
        fileUploads = files
    }

    /// Each of ``fileUploads``, at its path.
    public func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        for upload in fileUploads { body(upload.path, upload.file) }
    }
}

/// A mutation compiled at run time, with its variables.
public struct GraphQLDynamicMutation: GraphQLDynamicOperation, GraphQLMutation {
    /// The response data, as JSON checked against the compiled selections.
    public typealias Data = GraphQLDynamicData

    /// The compiled document.
    public let compiled: GraphQLCompiledOperation
    /// The variables, encoded for the wire.
    public let variables: JSONObject
    /// The files in the variables, each at its path (`variables.file`), sent as a multipart upload.
    public let fileUploads: [GraphQLFileUpload]

    /// The compiled mutation with its variables (and files); the operation must be a mutation.
    public init(
        _ compiled: GraphQLCompiledOperation, variables: JSONObject = JSONObject(), files: [GraphQLFileUpload] = []
    ) {
        Self.requireKind(of: compiled)
        self.compiled = compiled
        self.variables = variables
        fileUploads = files
    }

    /// Each of ``fileUploads``, at its path.
    public func forEachFile(_ body: (_ path: String, _ file: any GraphQLInputValue) -> Void) {
        for upload in fileUploads { body(upload.path, upload.file) }
    }
}

/// A subscription compiled at run time, with its variables.
public struct GraphQLDynamicSubscription: GraphQLDynamicOperation, GraphQLSubscription {
    /// The response data, as JSON checked against the compiled selections.
    public typealias Data = GraphQLDynamicData

    /// The compiled document.
    public let compiled: GraphQLCompiledOperation
    /// The variables, encoded for the wire.
    public let variables: JSONObject

    /// The compiled subscription with its variables; the operation must be a subscription.
    public init(_ compiled: GraphQLCompiledOperation, variables: JSONObject = JSONObject()) {
        Self.requireKind(of: compiled)
        self.compiled = compiled
        self.variables = variables
    }
}
