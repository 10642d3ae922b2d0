import APICoreGraphQL
import APICoreJSON

/// Decides which response objects have an identity, and what it is.
///
/// In order: the schema's `@typePolicy(keyFields:)` for the object's type (`GraphQLTypePolicies`, which generated
/// code provides as `<Namespace>.typePolicies`); then the app's function if it gives one; else `__typename` and `id`
/// (`Human:1000`). An object without a key is stored under its path from the nearest keyed parent, so it is only
/// shared between operations that reach it the same way.
public struct CacheKeyResolver: Sendable {
    /// What the app's function sees of an object.
    public struct Object: Sendable {
        /// The object's concrete type name.
        public let typename: String
        /// The object as the response has it.
        public let data: JSONObject
    }

    /// The schema's key fields.
    public let typePolicies: GraphQLTypePolicies
    /// The app's rule, consulted when the schema declares none for the type; `nil` from it means "no identity". When
    /// set, it replaces the `__typename` + `id` default.
    public let keyFunction: (@Sendable (Object) -> String?)?

    /// A resolver; with no arguments, objects are keyed by `__typename` and `id`.
    public init(typePolicies: GraphQLTypePolicies = .none, keyFunction: (@Sendable (Object) -> String?)? = nil) {
        self.typePolicies = typePolicies
        self.keyFunction = keyFunction
    }

    /// The key of an object, or `nil` if it has no identity (or no type name to say what it is). `staticTypename` is
    /// the type the selections say the object has, used when the response left `__typename` out: only when that type
    /// is a concrete object type, which fixes the object's type.
    public func key(for object: JSONObject, staticTypename: String? = nil) -> CacheKey? {
        guard let typename = object["__typename"]?.stringValue ?? staticTypename else { return nil }
        if let fields = typePolicies.keyFields(for: typename) {
            var parts: [String] = []
            parts.reserveCapacity(fields.count)
            for field in fields {
                guard let value = object[field], let text = Self.keyText(value) else { return nil }
                parts.append(text)
            }
            return CacheKey(typename: typename, identity: parts.joined(separator: "+"))
        }
        if let keyFunction {
            return keyFunction(Object(typename: typename, data: object)).map {
                CacheKey(typename: typename, identity: $0)
            }
        }
        return Self.defaultKey(typename: typename, object: object)
    }

    /// `Typename:id` when the object has an `id`; the rule used when neither schema nor app says otherwise.
    public static func defaultKey(typename: String, object: JSONObject) -> CacheKey? {
        guard let id = object["id"], let text = keyText(id) else { return nil }
        return CacheKey(typename: typename, identity: text)
    }

    private static func keyText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .int(let integer): String(integer)
        case .null, .array, .object: nil
        case .bool, .double, .numberText: JSONWriter().string(value)
        }
    }
}
