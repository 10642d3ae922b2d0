/// What a server does when a field fails (the `onError` request parameter of the GraphQL spec's error-behaviour
/// proposal, graphql-spec pull requests 1163 and 1236): sent as `onError` with the request, only when set, since
/// a server that does not know the parameter may refuse it.
///
/// - ``propagate``: the failed field's `null` goes up to the nearest field that may be null, as every server has
///   always done: one failed non-null field can take a whole object, or the whole `data`, with it.
/// - ``null``: the failed field alone is `null`, whatever its type, with its error; the rest of the object stays.
///   Generated types cannot hold a `null` where the schema promises a value, so the client takes the `null` up to the
///   nearest optional property for the value it returns, as ``propagate`` would have; the normalized cache stores
///   everything the server sent, the failed field as its error, so other queries of the same objects still read
///   their fields. With semantic nullability in the schema, fields that fail only by error keep non-optional types.
/// - ``halt``: the first error ends the request with `data` `null`: nothing partial to handle.
///
/// Whatever the behaviour, a field the response with data reports an error for is stored in the cache as that error
/// (a ``halt`` response has no data, and writes nothing), and a later read from the cache reports it (in ``APIResponse/errors``, at the path it was read at) instead of a miss or
/// a `null` the server never meant as a value.
public enum GraphQLErrorBehavior: String, Sendable, Hashable, CaseIterable {
    /// `PROPAGATE`: the spec's null propagation, every server's default today.
    case propagate = "PROPAGATE"
    /// `NULL`: the failed field alone is `null`.
    case null = "NULL"
    /// `HALT`: the first error ends execution; `data` is `null`.
    case halt = "HALT"
}
