import APICoreGraphQL

/// Test data for one object of a schema object type: the generated test mocks' builders conform to it.
///
/// A builder holds only the fields a test sets; ``GraphQLMockEncoder`` turns it into the response object a selection
/// set reads, filling every field left unset that the selection set needs with a placeholder. Generated builders give
/// each field of their type a typed property and an initializer parameter; ``subscript(field:)`` is what they call.
///
/// ```swift
/// let issue = GitHawkAPIMocks.Issue(title: "Crash on launch", author: GitHawkAPIMocks.User(login: "octocat"))
/// let data = try IssueQuery.Data(mock: GitHawkAPIMocks.Query(repository: .init(issue: issue)))
/// ```
public protocol GraphQLMockObject: Sendable {
    /// The object type's name in the schema, which the object's `__typename` is.
    static var __typename: String { get }

    /// The fields the test set, by schema field name.
    var __fields: GraphQLMockFields { get set }
}

extension GraphQLMockObject {
    /// The value set for the field `name`, typed; setting `nil` unsets it, so that it gets its placeholder again.
    public subscript<Value: Sendable>(field name: String) -> Value? {
        get { __fields.values[name] as? Value }
        set { __fields.values[name] = newValue }
    }
}
