/// A value of an ``IntrospectionJSONTape``: the fast path's ``IntrospectionJSONReading``.
///
/// Its failures carry no useful message: the builder answers any failure of the fast path by reading the document
/// again with `JSONSerialization`, whose ``IntrospectionJSONNode`` words the error.
struct IntrospectionJSONTapeNode: IntrospectionJSONReading {
    let tape: IntrospectionJSONTape
    /// The index of the value's entry.
    let index: Int

    private var entry: IntrospectionJSONTape.Entry { tape.entries[index] }

    func member(_ key: StaticString) throws(CompilerError) -> IntrospectionJSONTapeNode? {
        let entry = self.entry
        guard entry.kind == .object else { throw failure("expected an object") }
        // The last of equal keys wins, as in `JSONSerialization`.
        var found: Int?
        var keyIndex = index + 1
        let end = Int(entry.next)
        while keyIndex < end {
            let valueIndex = keyIndex + 1
            if tape.key(at: keyIndex, is: key) { found = valueIndex }
            keyIndex = Int(tape.entries[valueIndex].next)
        }
        guard let found, tape.entries[found].kind != .null else { return nil }
        return IntrospectionJSONTapeNode(tape: tape, index: found)
    }

    func string() throws(CompilerError) -> String {
        switch entry.kind {
        case .string, .escapedString: tape.string(at: index)
        default: throw failure("expected a string")
        }
    }

    func bool() throws(CompilerError) -> Bool {
        switch entry.kind {
        case .true: true
        case .false: false
        default: throw failure("expected true or false")
        }
    }

    func elements() throws(CompilerError) -> [IntrospectionJSONTapeNode] {
        let entry = self.entry
        guard entry.kind == .array else { throw failure("expected an array") }
        var elements: [IntrospectionJSONTapeNode] = []
        var elementIndex = index + 1
        let end = Int(entry.next)
        while elementIndex < end {
            elements.append(IntrospectionJSONTapeNode(tape: tape, index: elementIndex))
            elementIndex = Int(tape.entries[elementIndex].next)
        }
        return elements
    }

    func failure(_ problem: String) -> CompilerError {
        CompilerError(
            Diagnostic(
                .error, "Introspection JSON outside the fast reader: \(problem)", at: [.unknown],
                rule: "IntrospectionFormat"))
    }
}
