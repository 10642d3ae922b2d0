import APICoreCache
import APICoreGraphQL
import APICoreKit

/// A generated mutation rebuilt from what the queue stored: the type's document and selections, with the variables
/// that were enqueued. Generated operations hold nothing but their variables, so this sends and decodes exactly as
/// the original value would.
struct ReplayedMutation<Base: GraphQLMutation>: GraphQLMutation {
    typealias Data = Base.Data
    static var operationName: String { Base.operationName }
    static var document: String { Base.document }
    static var operationIdentifier: String? { Base.operationIdentifier }
    static var variableDefaults: JSONObject { Base.variableDefaults }

    let variables: JSONObject
}

/// What the queue needs to know of one mutation to replay its stored rows typed, in a later process too: how to show
/// a stored optimistic result again, and how to send stored variables so that the server's result is normalized into
/// the cache. A generated mutation type gives one, and so does a mutation compiled at run time (from the document it
/// was enqueued with, compiled again against the client's schema after a restart).
struct MutationReplayer: Sendable {
    /// The document the mutation sends; a row stored with another document (the app changed the operation since) is
    /// not replayed by this replayer.
    let document: String
    let addOptimisticLayer:
        @Sendable (CacheStore, _ data: JSONObject, _ variables: JSONObject) throws -> OptimisticLayerID
    let send:
        @Sendable (APIClient, _ variables: JSONObject, OptimisticLayerID?, RequestOptions) async throws(APIError) ->
            Void

    /// Replays rows of a generated mutation type.
    init<Mutation: GraphQLMutation>(_: Mutation.Type) {
        self.init(document: Mutation.document) { ReplayedMutation<Mutation>(variables: $0) }
    }

    /// Replays rows of a mutation compiled at run time.
    init(_ compiled: GraphQLCompiledOperation) {
        self.init(document: compiled.document) { GraphQLDynamicMutation(compiled, variables: $0) }
    }

    private init<Mutation: GraphQLMutation>(
        document: String, mutation: @escaping @Sendable (_ variables: JSONObject) -> Mutation
    ) {
        self.document = document
        addOptimisticLayer = { cache, data, variables in
            let mutation = mutation(variables)
            let value = try Mutation.Data(data: data, variables: mutation.effectiveVariables)
            return try cache.addOptimisticLayer { transaction throws(CacheError) in
                try transaction.write(value, for: mutation)
            }
        }
        send = { client, variables, layer, options throws(APIError) in
            _ = try await client.execute(mutation(variables), replacingOptimisticLayer: layer, options: options)
        }
    }
}
