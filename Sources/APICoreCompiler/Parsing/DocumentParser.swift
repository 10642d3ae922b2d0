/// A recursive-descent parser over the tokens of one source, with one token of look-ahead.
///
/// Its extensions parse the parts of the grammar: executable definitions, values and types, type-system definitions
/// and their extensions. Every node's location is taken from its first token when the node starts, so locations are
/// computed in source order and each column costs only the bytes since the previous one.
struct DocumentParser {
    /// The lexer, positioned after `token`.
    var lexer: Lexer
    /// The current token.
    var token: Token
    let options: ParseOptions
    /// How many nested selection sets, list or object values and list types enclose the current token.
    var depth = 0
    /// How many tokens have been read, for `ParseOptions.maximumTokens`.
    private var tokenCount = 0
    /// The last column computed: its line start, offset and column.
    private var columnCache = (lineStart: -1, offset: 0, column: 1)
    /// Where strings that need decoding are decoded, kept from one string to the next.
    var scratch: [UInt8] = []

    /// A parser positioned on the first token of the lexer's input.
    init(lexer: Lexer, options: ParseOptions) throws(CompilerError) {
        self.lexer = lexer
        self.options = options
        token = Token(kind: .endOfFile, start: 0, end: 0, line: 1, lineStart: 0)
        try advance()
    }

    /// Moves to the next token.
    ///
    /// Never inlined: the lexer's code inlined into each recursive parse function would multiply their stack frames.
    @inline(never)
    mutating func advance() throws(CompilerError) {
        token = try lexer.next()
        guard token.kind != .endOfFile else { return }
        tokenCount += 1
        if let maximum = options.maximumTokens, tokenCount > maximum {
            throw tooManyTokens(maximum)
        }
    }

    @inline(never)
    private mutating func tooManyTokens(_ maximum: Int) -> CompilerError {
        error("Document contains more than \(maximum) tokens. Parsing aborted.", at: token)
    }

    /// The token after the current one, without moving.
    func lookahead() throws(CompilerError) -> Token {
        var copy = lexer
        return try copy.next()
    }

    // MARK: Locations and errors

    /// Where `token` starts.
    mutating func location(of token: Token) -> SourceLocation {
        var (lineStart, offset, column) = columnCache
        if lineStart != token.lineStart || offset > token.start {
            (lineStart, offset, column) = (token.lineStart, token.lineStart, 1)
        }
        let bytes = lexer.bytes
        while offset < token.start {
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        columnCache = (lineStart, offset, column)
        return SourceLocation(file: lexer.file, line: token.line, column: column, offset: token.start)
    }

    /// Where the current token starts.
    mutating func currentLocation() -> SourceLocation {
        location(of: token)
    }

    /// A syntax error at `token`.
    @inline(never)
    mutating func error(_ message: String, at token: Token) -> CompilerError {
        SyntaxError.error(message, at: location(of: token))
    }

    /// "Unexpected X." at `token` (the current token by default).
    @inline(never)
    mutating func unexpected(_ token: Token? = nil) -> CompilerError {
        let token = token ?? self.token
        return error("Unexpected \(describe(token)).", at: token)
    }

    /// How messages name a token: `"{"`, `<EOF>`, `Name "id"`, `String "text"`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float:
            "\(token.kind.description) \"\(text(of: token))\""
        case .string, .blockString:
            "\(token.kind.description) \"\((try? stringValue(of: token)) ?? text(of: token))\""
        default:
            token.kind.description
        }
    }

    // MARK: Token tests

    /// Consumes a token of `kind`, or fails with "Expected kind, found token.".
    @discardableResult
    mutating func expect(_ kind: TokenKind) throws(CompilerError) -> Token {
        let current = token
        guard current.kind == kind else { throw expected(kind.description) }
        try advance()
        return current
    }

    /// "Expected what, found token." at the current token.
    @inline(never)
    mutating func expected(_ what: String) -> CompilerError {
        error("Expected \(what), found \(describe(token)).", at: token)
    }

    /// Consumes a token of `kind` if it is the current one.
    mutating func expectOptional(_ kind: TokenKind) throws(CompilerError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Whether `token` is the name `keyword`.
    func isKeyword(_ keyword: StaticString, _ token: Token) -> Bool {
        guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let bytes = lexer.bytes + token.start
        let expected = keyword.utf8Start
        for index in 0..<keyword.utf8CodeUnitCount where bytes[index] != expected[index] {
            return false
        }
        return true
    }

    /// Whether the current token is the name `keyword`.
    func isKeyword(_ keyword: StaticString) -> Bool {
        isKeyword(keyword, token)
    }

    /// Consumes the name `keyword`, or fails with "Expected "keyword", found token.".
    mutating func expectKeyword(_ keyword: StaticString) throws(CompilerError) {
        guard isKeyword(keyword) else { throw expected("\"\(keyword)\"") }
        try advance()
    }

    /// Consumes the name `keyword` if it is the current token.
    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(CompilerError) -> Bool {
        guard isKeyword(keyword) else { return false }
        try advance()
        return true
    }

    // MARK: Nesting

    /// Enters one more level of nesting, opened by `opener`; fails beyond `ParseOptions.maximumDepth`.
    mutating func enterNesting(at opener: Token) throws(CompilerError) {
        depth += 1
        if depth > options.maximumDepth { throw tooDeep(opener) }
    }

    @inline(never)
    private mutating func tooDeep(_ opener: Token) -> CompilerError {
        error("Document nests selection sets, values or types deeper than \(options.maximumDepth) levels.", at: opener)
    }

    /// Leaves a level entered with `enterNesting(at:)`.
    mutating func leaveNesting() {
        depth -= 1
    }
}
