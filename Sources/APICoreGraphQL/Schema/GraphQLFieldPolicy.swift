/// How the normalized cache stores one field of a type: which of its arguments tell its values apart, and how a new
/// value combines with the one stored, so that the pages of a list become one list.
///
/// Without a policy a field is stored under its name and all its arguments (`items(after:"YzE5",first:20)`), and a
/// new value replaces the old. With one, the arguments that only page (`first`, `after`) are left out of the storage
/// key, so every page lands in the same field (`items`), and ``merge`` says how a page joins the pages already there.
///
/// The code generator writes the policies a schema declares (`@typePolicy(connectionFields:)`,
/// `@fieldPolicy(forField:keyArgs:paginationArgs:)`) or a configuration gives into ``GraphQLTypePolicies``.
public struct GraphQLFieldPolicy: Sendable, Equatable {
    /// How a new value of the field combines with the stored one.
    public enum Merge: Sendable, Hashable {
        /// The new value replaces the stored one (what fields without a policy do).
        case replace
        /// A Relay connection: the new page's `edges` (and `nodes`) join the stored ones by cursor. A page fetched
        /// `after` a cursor replaces what followed that cursor; one fetched `before` a cursor replaces what preceded
        /// it; one fetched with neither (the first page again: a refresh, a refetch) starts the list over, so it
        /// never holds an edge twice. An object that a page repeats (by cache key) appears once, where the newer page
        /// has it. `pageInfo` keeps the stored end while stored edges follow the page, and the stored start while
        /// stored edges precede it.
        case relayConnection
        /// A list paged by offset: the new page's elements overwrite the stored list from the page's offset on (the
        /// value of the `offsetArgument`, 0 when absent), and the rest of the stored list stays.
        case offsetList(offsetArgument: String)
    }

    /// The arguments that are part of the storage key, in any order; `nil` for all of them. Arguments that are not
    /// listed are left out of the key, so values that differ only in them are stored in one place.
    public let keyArguments: [String]?
    /// How a new value combines with the stored one.
    public let merge: Merge

    /// A policy with the given key arguments and merge.
    public init(keyArguments: [String]?, merge: Merge = .replace) {
        self.keyArguments = keyArguments
        self.merge = merge
    }

    /// The arguments Relay connections page with.
    public static let relayPagingArguments: Set<String> = ["first", "after", "last", "before"]

    /// A Relay connection field whose storage key keeps `keyArguments` (none by default).
    public static func relayConnection(keyArguments: [String] = []) -> GraphQLFieldPolicy {
        GraphQLFieldPolicy(keyArguments: keyArguments, merge: .relayConnection)
    }

    /// A list field paged by the `offsetArgument` (and a limit), whose storage key keeps `keyArguments`.
    public static func offsetList(offsetArgument: String = "offset", keyArguments: [String] = []) -> GraphQLFieldPolicy
    {
        GraphQLFieldPolicy(keyArguments: keyArguments, merge: .offsetList(offsetArgument: offsetArgument))
    }

    /// Whether an argument is part of the storage key.
    public func keeps(argument name: String) -> Bool {
        keyArguments?.contains(name) ?? true
    }
}
