import APICoreCompiler

/// The times to live a schema gives with `@cacheControl(maxAge: Int)`, the directive Apollo Server reads: on object
/// and interface types, and on their fields. An object type without one takes its first interface's that has one, and
/// a field without one the same field's on an interface of its type, so the generated table names concrete types,
/// which is what the normalized cache sees. `scope` and `inheritMaxAge` say nothing about a client's cache and are
/// ignored.
///
/// A `maxAge` that is not a non-negative integer is an error located at the directive.
enum CacheControlResolver {
    /// `(schema coordinate, seconds)` pairs, `Type` or `Type.field`, sorted by coordinate.
    static func maxAges(in schema: GraphQLSchema) throws(CompilerError) -> [(coordinate: String, seconds: Int)] {
        var interfaceTypes: [String: Int] = [:]
        var interfaceFields: [String: [String: Int]] = [:]
        for case .interface(let interface) in schema.types {
            interfaceTypes[interface.name] = try maxAge(of: interface.directives)
            for field in interface.fields {
                if let seconds = try maxAge(of: field.directives) {
                    interfaceFields[interface.name, default: [:]][field.name] = seconds
                }
            }
        }
        var result: [(coordinate: String, seconds: Int)] = []
        for case .object(let object) in schema.types where !object.name.hasPrefix("__") {
            let inherited = object.interfaces.lazy.compactMap { interfaceTypes[$0] }.first
            if let seconds = try maxAge(of: object.directives) ?? inherited {
                result.append((object.name, seconds))
            }
            for field in object.fields {
                let fromInterface = object.interfaces.lazy.compactMap { interfaceFields[$0]?[field.name] }.first
                if let seconds = try maxAge(of: field.directives) ?? fromInterface {
                    result.append((object.name + "." + field.name, seconds))
                }
            }
        }
        return result.sorted { $0.coordinate < $1.coordinate }
    }

    /// The `maxAge` of a `@cacheControl` among `directives`, if one gives it.
    private static func maxAge(of directives: [Directive]) throws(CompilerError) -> Int? {
        guard let directive = directives.first(where: { $0.name.value == "cacheControl" }),
            let argument = directive.arguments.first(where: { $0.name.value == "maxAge" })
        else { return nil }
        guard case .int(let text) = argument.value.kind, let seconds = Int(text), seconds >= 0 else {
            throw CompilerError(
                Diagnostic(
                    .error, "@cacheControl(maxAge:) needs a number of seconds, 0 or more.", at: [directive.location],
                    rule: "CacheControl"))
        }
        return seconds
    }
}
