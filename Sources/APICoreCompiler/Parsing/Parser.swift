/// The GraphQL parser: source text in, a ``Document`` (or a value, or a type) out.
///
/// It implements the whole language of the GraphQL specification (October 2021, with the working draft's lexical
/// rules): operations, fragments, values, directives, and every type-system definition and extension. Every node
/// carries its ``SourceLocation`` in the source's file. A document that does not parse throws a ``CompilerError``
/// with one `syntax` diagnostic at the offending token, worded like graphql-js's ("Syntax Error: Expected Name, found
/// "}".").
public enum Parser {
    /// Parses a document.
    public static func parse(
        _ source: Source, options: ParseOptions = ParseOptions()
    ) throws(CompilerError) -> Document {
        try withParser(source.text, file: source.name, options: options) { parser throws(CompilerError) in
            try parser.parseDocument()
        }
    }

    /// Parses every source, in order; the syntax errors of all of them are thrown together, so one run reports
    /// every broken file.
    public static func parse(_ sources: [Source]) throws(CompilerError) -> [Document] {
        var documents: [Document] = []
        var failures: [Diagnostic] = []
        for source in sources {
            do {
                documents.append(try parse(source))
            } catch {
                failures += error.diagnostics
            }
        }
        if !failures.isEmpty { throw CompilerError(failures) }
        return documents
    }

    /// A constant or variable value literal, e.g. an introspection default value "{a: 1, b: [ENUM]}".
    public static func parseValue(_ text: String, file: String = "<value>") throws(CompilerError) -> Value {
        try withParser(text, file: file, options: ParseOptions()) { parser throws(CompilerError) in
            let value = try parser.parseValue(isConstant: false)
            try parser.expect(.endOfFile)
            return value
        }
    }

    /// A type reference, e.g. "[String!]!".
    public static func parseType(_ text: String, file: String = "<type>") throws(CompilerError) -> TypeReference {
        try withParser(text, file: file, options: ParseOptions()) { parser throws(CompilerError) in
            let type = try parser.parseTypeReference()
            try parser.expect(.endOfFile)
            return type
        }
    }

    /// Runs `body` with a parser over the UTF-8 bytes of `text`, followed by the lexer's 0 sentinel.
    private static func withParser<Output>(
        _ text: String,
        file: String,
        options: ParseOptions,
        _ body: (inout DocumentParser) throws(CompilerError) -> Output
    ) throws(CompilerError) -> Output {
        let count = text.utf8.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 1)
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(CompilerError) -> Output in
                // Safety of the pointer: the lexer and parser live only inside this closure.
                let lexer = Lexer(bytes: buffer.baseAddress!, count: count, file: file)
                var parser = try DocumentParser(lexer: lexer, options: options)
                return try body(&parser)
            }
        }
        return try outcome.get()
    }
}
