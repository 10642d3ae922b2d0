import APICoreCompiler

/// libFuzzer's entry point: the lexer and parser must never crash or hang on any text, and a document they accept
/// must print to text that parses to the same printed form.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let document = try? Parser.parse(Source(name: "fuzz.graphql", text: text)) else { return 0 }
    let printed = Printer.print(document)
    guard let reparsed = try? Parser.parse(Source(name: "printed.graphql", text: printed)) else {
        fatalError("the printer's output does not parse:\n\(printed)")
    }
    guard Printer.print(reparsed) == printed else { fatalError("printing is not stable for:\n\(printed)") }
    return 0
}
