/// What one decode of response data shares across the values it builds: the operation's variables (for `@include`
/// and `@skip`) and an optional observer that sees every object as it is decoded.
///
/// The observer is how the normalized cache writes its records in the same walk that builds the typed data: it is
/// told each object's selection set (a ``GraphQLSelectionTree``) and response path, and takes field names and
/// arguments from its selections. Without an observer no path is tracked and decoding does no extra work.
public final class GraphQLDecodingContext {
    /// The variables of the operation whose data is decoded.
    public let variables: JSONObject

    /// Sees every object as it is decoded, when set.
    public let observer: (any GraphQLDecodingObserver)?

    // Safety: the path skips the runtime's exclusivity checks, two per field decoded. Every access is instantaneous
    // (an append, a removeLast, a read) and none spans a call into other code, so accesses cannot overlap; a context
    // is not `Sendable` and serves one decode on one thread.
    @exclusivity(unchecked) @usableFromInline var pathComponents: [ResponsePath.Component] = []

    @usableFromInline let tracksPath: Bool

    /// The paths where the response reports a field error and has `null`, which a check of the data accepts there
    /// whatever the field's type: under `onError: NULL` a server leaves a failed non-null field `null` instead of
    /// nulling its parent. Empty (the default) for a decode into typed data, which cannot hold such a `null`; the
    /// normalized cache sets them to store the rest of the data as the server sent it.
    public let erroredPaths: Set<ResponsePath>

    /// A context for decoding the data of an operation with the given variables.
    public init(
        variables: JSONObject = JSONObject(), observer: (any GraphQLDecodingObserver)? = nil,
        erroredPaths: Set<ResponsePath> = []
    ) {
        self.variables = variables
        self.observer = observer
        self.erroredPaths = erroredPaths
        self.tracksPath = observer != nil || !erroredPaths.isEmpty
    }

    /// Whether the value being decoded is at one of the ``erroredPaths``.
    public var isAtErroredPath: Bool {
        !erroredPaths.isEmpty && erroredPaths.contains(ResponsePath(pathComponents))
    }

    /// The response path of the value being decoded; empty unless an observer is set.
    public var currentPath: ResponsePath { ResponsePath(pathComponents) }

    /// The steps of ``currentPath``, without building a path: an observer that keys what it keeps by path reads them
    /// here and copies them only for what it stores.
    public var currentPathComponents: [ResponsePath.Component] { pathComponents }

    /// Steps into a field or list element.
    @inlinable public func enter(_ component: ResponsePath.Component) {
        if tracksPath { pathComponents.append(component) }
    }

    /// Steps back out of the field or element last entered.
    @inlinable public func leave() {
        if tracksPath { pathComponents.removeLast() }
    }
}

/// Sees the objects of response data as they are decoded; the normalized cache implements it to write records in
/// the same pass.
public protocol GraphQLDecodingObserver: AnyObject {
    /// Called once for each object and each selection set read from it (a fragment spread reads the same object
    /// again with its own selections), except the type conditions that select only the cache keys the code generator
    /// adds (``GraphQLSelectionTree/selectsOnlyImplicitKeys``): an observer finds those among the selections of the
    /// enclosing selection set.
    func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, at path: ResponsePath)

    /// The same call as ``didEnter(object:as:at:)``, which decoders make: the response path is the context's
    /// ``GraphQLDecodingContext/currentPath``, built only if the observer asks for it. The default builds it and
    /// calls ``didEnter(object:as:at:)``; an observer that needs the path for few objects implements this instead.
    func didEnter(object: JSONObject, as selectionSet: GraphQLSelectionTree, in context: GraphQLDecodingContext)
}

extension GraphQLDecodingObserver {
    /// Builds the response path and calls ``didEnter(object:as:at:)``.
    public func didEnter(
        object: JSONObject, as selectionSet: GraphQLSelectionTree, in context: GraphQLDecodingContext
    ) {
        didEnter(object: object, as: selectionSet, at: context.currentPath)
    }
}
