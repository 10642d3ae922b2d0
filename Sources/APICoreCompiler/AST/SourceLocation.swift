/// A position in a source file: 1-based line and column (in Unicode scalars), and the 0-based UTF-8 byte offset.
///
/// Locations do not take part in equality or hashing: two AST nodes are equal when they say the same thing, wherever
/// they were written. That is what makes "print, then parse" comparable with the original.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's name or path, as given to the parser.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, counted in Unicode scalars.
    public let column: Int
    /// The 0-based UTF-8 byte offset.
    public let offset: Int

    /// A location.
    public init(file: String, line: Int, column: Int, offset: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// A placeholder for nodes built in code rather than parsed.
    public static let unknown = SourceLocation(file: "", line: 0, column: 0, offset: 0)

    /// `file:line:column`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }

    /// Always `true`: locations do not take part in the equality of the nodes that carry them.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool { true }

    /// Adds nothing to `hasher`, in keeping with `==`.
    public func hash(into hasher: inout Hasher) {}

    /// Whether two locations are the same place (equality proper, which `==` deliberately is not).
    public func isSamePlace(as other: SourceLocation) -> Bool {
        file == other.file && offset == other.offset
    }
}

/// A GraphQL source text and the name it is reported under.
public struct Source: Sendable, Hashable {
    /// The file's name or path.
    public let name: String
    /// The text.
    public let text: String

    /// A source.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A name in a document, with where it was written.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    /// The name.
    public let value: String
    /// Where it was written.
    public let location: SourceLocation

    /// A name.
    public init(_ value: String, location: SourceLocation = .unknown) {
        self.value = value
        self.location = location
    }

    /// The name as written.
    public var description: String { value }
}
