import APICoreCompiler

/// The Swift type of each custom scalar: what `options.customScalars` names for it, with the package's built-in
/// scalar types available by a short name, spelled module-qualified so that a scalar named like its type (`Date`
/// mapped to `Date`) does not alias itself.
struct ScalarMapping: Sendable {
    /// The short names of the built-in scalar types, and the types they stand for.
    static let builtIn: [String: String] = [
        "Date": "Foundation.Date",
        "CalendarDate": "APICoreScalars.GraphQLCalendarDate",
        "URL": "Foundation.URL",
        "UUID": "Foundation.UUID",
        "Decimal": "Foundation.Decimal",
        "JSON": "APICoreGraphQL.JSONValue",
        "Int64": "Swift.Int64",
        "UInt64": "Swift.UInt64",
    ]

    /// The configured Swift type name of each scalar, by the scalar's schema name.
    let configured: [String: String]

    /// The Swift type of the custom scalar `name`: the built-in type its configured name stands for
    /// (``builtInType(named:)``), else the configured name as written, else `String` (which
    /// ``unmappedWarning(scalar:at:)`` reports).
    func swiftType(of name: String) -> String {
        guard let configured = configured[name] else { return "String" }
        return Self.builtInType(named: configured) ?? configured
    }

    /// The built-in type a configured name stands for: its short name (`Date`), the type as generated code spells it
    /// (`Foundation.Date`), or that type's own name, unqualified or under one of the modules that declared it
    /// (`GraphQLCalendarDate`, and `APICoreGraphQL.GraphQLCalendarDate` as configurations of earlier versions spell
    /// it). `nil` for any other type, such as the app's own `MyClock.Instant`.
    static func builtInType(named configured: String) -> String? {
        if let type = builtIn[configured] { return type }
        let parts = configured.split(separator: ".")
        guard let name = parts.last, parts.count <= 2 else { return nil }
        if parts.count == 2, !["Foundation", "Swift", "APICoreGraphQL", "APICoreScalars"].contains(parts[0]) {
            return nil
        }
        return builtIn.values.first { $0.split(separator: ".").last == name }
    }

    /// The built-in types the configured scalars of `schema` stand for; a mapping of a scalar the schema does not
    /// declare asks for nothing.
    func builtInTypes(in schema: GraphQLSchema) -> [String] {
        configured.compactMap { scalar, type in
            schema.type(named: scalar) == nil ? nil : Self.builtInType(named: type)
        }
    }

    /// Whether some scalar of `schema` is mapped to a Foundation type, which the file declaring it must import.
    func needsFoundation(in schema: GraphQLSchema) -> Bool {
        builtInTypes(in: schema).contains { $0.hasPrefix("Foundation.") }
    }

    /// Whether some scalar of `schema` is mapped to a built-in type whose conformance is in `APICoreScalars` (every
    /// built-in but `JSON`), which generated files then import.
    func needsScalarsModule(in schema: GraphQLSchema) -> Bool {
        builtInTypes(in: schema).contains { !$0.hasPrefix("APICoreGraphQL.") }
    }
}
