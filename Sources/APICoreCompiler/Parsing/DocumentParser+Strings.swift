extension DocumentParser {
    /// The source text of `token`.
    func text(of token: Token) -> String {
        lexer.text(token.start..<token.end)
    }

    /// The value of a string or block-string token: escapes decoded, block-string indentation removed.
    func stringValue(of token: Token) throws(CompilerError) -> String {
        var output: [UInt8] = []
        return try stringValue(of: token, decodingIn: &output)
    }

    /// ``stringValue(of:)`` decoded in the parser's scratch buffer, which one document's strings share.
    mutating func scratchStringValue(of token: Token) throws(CompilerError) -> String {
        var output = scratch
        scratch = []
        defer { scratch = output }
        return try stringValue(of: token, decodingIn: &output)
    }

    /// The value of a string or block-string token, decoded in `output` (emptied first) when it needs decoding.
    private func stringValue(of token: Token, decodingIn output: inout [UInt8]) throws(CompilerError) -> String {
        let bytes = lexer.bytes
        guard token.kind == .blockString || token.hasEscapes else {
            return lexer.text(token.start + 1..<token.end - 1)
        }
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(token.end - token.start)
        if token.kind == .blockString {
            BlockString.appendValue(
                of: UnsafeBufferPointer(start: bytes + token.start + 3, count: token.end - token.start - 6),
                hasEscapes: token.hasEscapes, to: &output)
        } else {
            try lexer.decodeString(token, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Name
    mutating func parseName() throws(CompilerError) -> Name {
        let location = currentLocation()
        let name = try expect(.name)
        return Name(text(of: name), location: location)
    }

    /// Description: a string or block string, if the current token is one.
    mutating func parseDescription() throws(CompilerError) -> Description? {
        guard token.kind == .string || token.kind == .blockString else { return nil }
        let location = currentLocation()
        let description = Description(
            try scratchStringValue(of: token), isBlock: token.kind == .blockString, location: location)
        try advance()
        return description
    }
}
