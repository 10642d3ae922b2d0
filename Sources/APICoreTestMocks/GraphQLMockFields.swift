/// The fields a test set on a ``GraphQLMockObject``, by schema field name.
///
/// Values are what the typed properties take: scalars and enums as the generated code types them, other builders,
/// and arrays (possibly with `nil` elements) of either.
public struct GraphQLMockFields: Sendable {
    /// The values by field name.
    public var values: [String: any Sendable]

    /// No field set.
    public init() {
        values = [:]
    }
}
