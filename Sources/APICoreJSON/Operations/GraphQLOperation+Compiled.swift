import APICoreGraphQL

/// What the client, the cache and the test mocks read of any operation, generated or compiled at run time: a generated
/// operation's static data, or the per-instance data of a ``GraphQLDynamicOperation``.
///
/// Apart from the runtime that generated code links: a generated operation's conformance carries no entry for them.
extension GraphQLOperation {
    /// For an operation compiled at run time (``GraphQLDynamicQuery`` and its siblings), what generated operations
    /// hold as static data: its name, kind, document and selections. `nil` for generated operations, which only the
    /// type of their data tells apart, without a cast.
    @inlinable public var __compiled: GraphQLCompiledOperation? {
        guard Data.self == GraphQLDynamicData.self else { return nil }
        return (self as? any GraphQLDynamicOperation)?.compiled
    }

    /// The operation's name: the generated type's, or the compiled document's.
    @inlinable public var __operationName: String { __compiled?.name ?? Self.operationName }

    /// Whether the operation is a query, a mutation or a subscription.
    @inlinable public var __operationType: GraphQLOperationType { __compiled?.operationType ?? Self.operationType }

    /// The document text sent to the server.
    @inlinable public var __document: String { __compiled?.document ?? Self.document }

    /// The persisted-query identifier, if known.
    @inlinable public var __operationIdentifier: String? {
        if let compiled = __compiled { return compiled.operationIdentifier }
        return Self.operationIdentifier
    }

    /// The default values the document declares for its variables.
    @inlinable public var __variableDefaults: JSONObject { __compiled?.variableDefaults ?? Self.variableDefaults }

    /// The selections the data is read with: the generated data type's, or the compiled document's.
    @inlinable public var __dataSelections: GraphQLSelectionTree {
        __compiled?.dataSelections ?? GraphQLSelectionTree(Data.self)
    }

    /// The variables as the server sees them: the sent values over the document's defaults. Decoding uses these, so
    /// `@include(if: $flag)` with an omitted `$flag = true` selects the field as the server did.
    public var effectiveVariables: JSONObject { variables.withDefaults(__variableDefaults) }
}

extension JSONObject {
    /// These members over `defaults`: a variable given wins, a default fills in one left out (an operation's or a
    /// fragment's `variableDefaults`).
    package func withDefaults(_ defaults: JSONObject) -> JSONObject {
        guard !defaults.isEmpty else { return self }
        var merged = defaults
        for (key, value) in members { merged[key] = value }
        return merged
    }
}
