import APICoreCompiler

/// Test helpers for sources that must not parse.
enum ParseErrors {
    /// The error of parsing `text` as a document, as `line:column: message` with the "Syntax Error: " prefix removed;
    /// `nil` when it parses. It also checks that there is exactly one diagnostic, of the `syntax` rule, in `file`.
    static func error(_ text: String, file: String = "test.graphql") -> String? {
        do {
            _ = try Parser.parse(Source(name: file, text: text))
            return nil
        } catch {
            return describe(error, file: file)
        }
    }

    /// The error of parsing `text` as a value, like ``error(_:file:)``.
    static func valueError(_ text: String) -> String? {
        do {
            _ = try Parser.parseValue(text)
            return nil
        } catch {
            return describe(error, file: "<value>")
        }
    }

    /// The error of parsing `text` as a type, like ``error(_:file:)``.
    static func typeError(_ text: String) -> String? {
        do {
            _ = try Parser.parseType(text)
            return nil
        } catch {
            return describe(error, file: "<type>")
        }
    }

    private static func describe(_ error: CompilerError, file: String) -> String {
        guard error.diagnostics.count == 1, let diagnostic = error.diagnostics.first,
            diagnostic.rule == "syntax", diagnostic.severity == .error, diagnostic.locations.count == 1,
            diagnostic.locations[0].file == file, diagnostic.message.hasPrefix("Syntax Error: ")
        else { return "malformed error: \(error)" }
        let location = diagnostic.locations[0]
        return "\(location.line):\(location.column): " + diagnostic.message.dropFirst("Syntax Error: ".count)
    }
}
