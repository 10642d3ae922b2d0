/// The kinds of lexical tokens the parser sees (ignored tokens never reach it).
enum TokenKind: UInt8, Sendable {
    case endOfFile
    case bang
    case dollar
    case ampersand
    case parenthesisLeft
    case parenthesisRight
    case spread
    case colon
    case equals
    case at
    case bracketLeft
    case bracketRight
    case braceLeft
    case pipe
    case braceRight
    case name
    case int
    case float
    case string
    case blockString

    /// How error messages name the kind: punctuators quoted, like graphql-js.
    var description: String {
        switch self {
        case .endOfFile: "<EOF>"
        case .bang: "\"!\""
        case .dollar: "\"$\""
        case .ampersand: "\"&\""
        case .parenthesisLeft: "\"(\""
        case .parenthesisRight: "\")\""
        case .spread: "\"...\""
        case .colon: "\":\""
        case .equals: "\"=\""
        case .at: "\"@\""
        case .bracketLeft: "\"[\""
        case .bracketRight: "\"]\""
        case .braceLeft: "\"{\""
        case .pipe: "\"|\""
        case .braceRight: "\"}\""
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// One token: its kind and where its bytes are.
///
/// A token is plain data (no strings): the parser makes a `String` only from the tokens it keeps.
struct Token: Sendable {
    var kind: TokenKind
    /// The UTF-8 offset of the token's first byte.
    var start: Int
    /// The UTF-8 offset just past the token's last byte.
    var end: Int
    /// The 1-based line the token starts on.
    var line: Int
    /// The UTF-8 offset where that line starts, from which the column is counted.
    var lineStart: Int
    /// For a string, whether it contains an escape sequence and so needs decoding.
    var hasEscapes: Bool = false
}
