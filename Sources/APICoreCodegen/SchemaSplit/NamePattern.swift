import APICoreCompiler

/// A pattern of `split-schema`'s configuration that type names are matched against: a glob (`Issue*`, `*Edge`,
/// `Pull?equest`), matched against whole names, or a regular expression, found anywhere in a name unless anchored
/// with `^` and `$`.
// Safety: the regex is created once and only matched against afterwards; matching does not mutate it.
/// A glob or regular expression of the configuration, matched against type names.
public struct NamePattern: @unchecked Sendable {
    private let regex: Regex<AnyRegexOutput>
    /// The pattern as written, for messages: `"Issue*"` or `/^Issue/`.
    public let display: String
    /// Where the pattern is written in the configuration file.
    public let location: SourceLocation
    private let isWhole: Bool

    /// A glob: `*` matches any run of characters, `?` one character, everything else itself.
    public init(glob: String, location: SourceLocation) throws(CompilerError) {
        var source = ""
        for character in glob {
            switch character {
            case "*": source += ".*"
            case "?": source += "."
            default:
                source +=
                    character.isLetter || character.isNumber || character == "_" ? String(character) : "\\\(character)"
            }
        }
        try self.init(source: source, display: "\"\(glob)\"", isWhole: true, location: location)
    }

    /// A regular expression in Swift's syntax, searched for in names.
    public init(regex: String, location: SourceLocation) throws(CompilerError) {
        try self.init(source: regex, display: "/\(regex)/", isWhole: false, location: location)
    }

    private init(source: String, display: String, isWhole: Bool, location: SourceLocation) throws(CompilerError) {
        do {
            regex = try Regex(source)
        } catch {
            throw CompilerError(
                Diagnostic(
                    .error, "The pattern \(display) is not a valid regular expression: \(error).", at: [location],
                    rule: "Configuration"))
        }
        self.display = display
        self.isWhole = isWhole
        self.location = location
    }

    /// Whether `name` matches: as a whole for a glob, anywhere for a regular expression.
    public func matches(_ name: String) -> Bool {
        isWhole ? (try? regex.wholeMatch(in: name)) != nil : (try? regex.firstMatch(in: name)) != nil
    }
}
