/// The introspection queries `apicore fetch-schema` sends.
///
/// ``full`` asks for everything the current specification offers: descriptions, deprecated fields, arguments, input
/// fields and enum values with their reasons, directives with `isRepeatable`, `specifiedByURL` and `isOneOf`.
/// ``conservative`` asks only for what servers have answered since the 2015 specification, for servers that reject
/// the newer fields.
enum IntrospectionQuery {
    /// The query with every field and argument of the current specification.
    static let full = text(modern: true)
    /// The query older servers answer.
    static let conservative = text(modern: false)

    /// Whether the errors of an answer to ``full`` say the server does not know one of its newer fields or arguments,
    /// so that ``conservative`` is worth a try.
    static func rejectsNewerFields(_ messages: [String]) -> Bool {
        let newer = [
            "isOneOf", "specifiedByURL", "isRepeatable", "includeDeprecated", "isDeprecated", "deprecationReason",
        ]
        return messages.contains { message in
            newer.contains { message.contains($0) }
                || message.contains("Cannot query field") || message.contains("Unknown argument")
        }
    }

    private static func text(modern: Bool) -> String {
        let includeDeprecated = modern ? "(includeDeprecated: true)" : ""
        let inputValueDeprecation = modern ? "\n  isDeprecated\n  deprecationReason" : ""
        return """
            query IntrospectionQuery {
              __schema {
                description
                queryType { name }
                mutationType { name }
                subscriptionType { name }
                types { ...FullType }
                directives {
                  name
                  description
                  \(modern ? "isRepeatable" : "")
                  locations
                  args\(includeDeprecated) { ...InputValue }
                }
              }
            }

            fragment FullType on __Type {
              kind
              name
              description
              \(modern ? "specifiedByURL\n  isOneOf" : "")
              fields(includeDeprecated: true) {
                name
                description
                args\(includeDeprecated) { ...InputValue }
                type { ...TypeRef }
                isDeprecated
                deprecationReason
              }
              inputFields\(includeDeprecated) { ...InputValue }
              interfaces { ...TypeRef }
              enumValues(includeDeprecated: true) {
                name
                description
                isDeprecated
                deprecationReason
              }
              possibleTypes { ...TypeRef }
            }

            fragment InputValue on __InputValue {
              name
              description
              type { ...TypeRef }
              defaultValue\(inputValueDeprecation)
            }

            fragment TypeRef on __Type {
            \(typeReference(depth: 8))
            }
            """
    }

    /// `kind name ofType { ... }` nested `depth` levels, enough for any wrapped type a real schema writes
    /// (`[[Int!]!]!` is six levels).
    private static func typeReference(depth: Int) -> String {
        let inner = depth > 1 ? "\n  ofType {\n" + indented(typeReference(depth: depth - 1)) + "\n  }" : ""
        return "  kind\n  name" + inner
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    }
}
