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

    /// The Swift type of the custom scalar `name`: the built-in type its configured short name stands for, else the
    /// configured name as written, else `String` (which ``unmappedWarning(scalar:at:)`` reports).
    func swiftType(of name: String) -> String {
        guard let configured = configured[name] else { return "String" }
        return Self.builtIn[configured] ?? configured
    }

    /// Whether some scalar is mapped to a Foundation type, which the file declaring it must import.
    var needsFoundation: Bool {
        configured.values.contains { Self.builtIn[$0]?.hasPrefix("Foundation.") ?? false }
    }

    /// Whether some scalar is mapped to a built-in type whose conformance is in `APICoreScalars` (every built-in but
    /// `JSON`), which generated files then import.
    var needsScalarsModule: Bool {
        configured.values.contains { Self.builtIn[$0].map { !$0.hasPrefix("APICoreGraphQL.") } ?? false }
    }
}
