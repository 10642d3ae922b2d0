/// A message about a GraphQL source: a syntax error, an invalid schema, an invalid operation, or a warning.
///
/// Every diagnostic has at least one location, so it renders like a compiler's: `path:line:column: error: message`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// Whether the diagnostic is an error, which fails the step, or a warning, which is only reported.
    public var severity: Severity
    /// What is wrong, and where possible how to fix it.
    public var message: String
    /// The places involved: the first is where the problem is reported; others are related places (the other of two
    /// duplicate definitions, the conflicting field).
    public var locations: [SourceLocation]
    /// The rule that produced it (`NoUnusedVariables`, `syntax`, `DuplicateFieldDefinition`), for filtering and tests.
    public var rule: String

    /// A diagnostic of `severity` (an error unless said otherwise) at `locations`, the first being where it is reported.
    public init(
        _ severity: Severity = .error,
        _ message: String,
        at locations: [SourceLocation],
        rule: String
    ) {
        self.severity = severity
        self.message = message
        self.locations = locations
        self.rule = rule
    }

    /// `path:line:column: error: message`, then one `path:line:column: note: related location` line per other place.
    public var description: String {
        let primary = locations.first.map { "\($0): " } ?? ""
        var text = "\(primary)\(severity.rawValue): \(message)"
        for location in locations.dropFirst() {
            text += "\n\(location): note: related location"
        }
        return text
    }
}

/// Diagnostics thrown together: a source that does not parse, a schema that does not build.
public struct CompilerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors (never empty) and any warnings collected on the way.
    public var diagnostics: [Diagnostic]

    /// An error made of `diagnostics`, which must hold at least one.
    public init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a compiler error carries at least one diagnostic")
        self.diagnostics = diagnostics
    }

    /// An error made of one diagnostic.
    public init(_ diagnostic: Diagnostic) {
        diagnostics = [diagnostic]
    }

    /// The diagnostics' descriptions, one after another on separate lines.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
