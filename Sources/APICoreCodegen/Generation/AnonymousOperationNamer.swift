import APICoreCompiler

/// Names each anonymous operation (`{ person { name } }`) after its file, so it gets a type and an operation name
/// like any other: `swapi/01_basic_query.graphql` gives `Operation01BasicQuery`.
///
/// The name is the file's base name in UpperCamelCase, prefixed with `Operation` when that does not start with a
/// letter; it is written into the document sent to the server, whose `operationName` then selects it. A file with an
/// anonymous operation beside another operation is a located error, as generation could not name both.
enum AnonymousOperationNamer {
    /// `documents` with every anonymous operation named.
    static func named(_ documents: [Document]) throws(CompilerError) -> [Document] {
        var result: [Document] = []
        for var document in documents {
            let operations = document.operations
            if let index = operations.firstIndex(where: { $0.name == nil }), operations.count > 1 {
                let anonymous = operations[index]
                let other = operations[index == 0 ? 1 : 0]
                throw CompilerError(
                    Diagnostic(
                        .error,
                        "An anonymous operation must be alone in its file, which names it; name this operation or "
                            + "move the other one to a file of its own.",
                        at: [anonymous.location, other.location], rule: "CodeGeneration"))
            }
            document.definitions = document.definitions.map { definition in
                guard case .operation(var operation) = definition, operation.name == nil else { return definition }
                operation.name = Name(name(forFile: operation.location.file), location: operation.location)
                return .operation(operation)
            }
            result.append(document)
        }
        return result
    }

    /// `01_basic_query.graphql` -> `Operation01BasicQuery`, `all-films.graphql` -> `AllFilms`.
    static func name(forFile path: String) -> String {
        var base = Substring(path.split(separator: "/").last ?? "")
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isLetter == true ? name : "Operation" + name
    }
}
