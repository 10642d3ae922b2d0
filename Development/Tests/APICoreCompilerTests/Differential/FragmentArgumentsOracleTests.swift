import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// Fragment arguments (RFC 1224) checked against graphql-core, which does not parse them: seeded random documents
/// whose fragments declare variables (with and without defaults, of scalar, enum, list and non-null types, used in
/// field arguments and inside input objects, passed on to other fragments) and whose spreads give literals,
/// operation variables or nothing. Each is inlined (``FragmentArguments/inlining(_:fragments:)``) into a document
/// without fragment arguments, which graphql-core validates.
///
/// What must hold: every document our validator accepts inlines to one graphql-core accepts; every document made
/// invalid on purpose (a value of the wrong type at a spread, one fragment spread twice with different values, a
/// nullable operation variable given to a non-null fragment variable) is rejected by both.
@Suite("Fragment arguments against graphql-core", .serialized)
struct FragmentArgumentsOracleTests {
    /// A kind of variable a fragment may declare: its type, the field argument it is used in, and a literal.
    struct Kind {
        let type: String
        let field: String
        let argument: String
        let literals: [String]
        /// A literal of another type, for documents made invalid on purpose.
        let wrongLiteral: String
    }

    static let kinds = [
        Kind(
            type: "Int", field: "intArgField", argument: "intArg", literals: ["1", "42", "-7"], wrongLiteral: #""x""#),
        Kind(
            type: "String", field: "stringArgField", argument: "stringArg", literals: [#""a""#, #""b c""#],
            wrongLiteral: "3"),
        Kind(
            type: "Boolean", field: "booleanArgField", argument: "booleanArg", literals: ["true", "false"],
            wrongLiteral: #""yes""#),
        Kind(
            type: "FurColor", field: "enumArgField", argument: "enumArg", literals: ["BROWN", "TAN"],
            wrongLiteral: #""BROWN""#),
        Kind(
            type: "[String]", field: "stringListArgField", argument: "stringListArg",
            literals: [#"["a", "b"]"#, "[]", #""one""#], wrongLiteral: "[1]"),
        Kind(
            type: "Int!", field: "nonNullIntArgField", argument: "nonNullIntArg", literals: ["0", "9"],
            wrongLiteral: "null"),
    ]

    /// How a generated document was made.
    enum Intent: String {
        case valid
        case wrongLiteral
        case conflictingSpreads
        case nullableToNonNull
    }

    struct Generated {
        let text: String
        let intent: Intent
    }

    /// One random document of `seed`.
    static func document(seed: UInt64) -> Generated {
        var random = SeededGenerator(seed: seed)
        let intent: Intent =
            switch random.next() % 8 {
            case 0: .wrongLiteral
            case 1: .conflictingSpreads
            case 2: .nullableToNonNull
            default: .valid
            }
        let fragmentCount = 1 + Int(random.next() % 3)
        var variables: [[(name: String, kind: Kind, hasDefault: Bool)]] = []
        var fragments: [String] = []
        for index in (0..<fragmentCount).reversed() {
            var declared: [(name: String, kind: Kind, hasDefault: Bool)] = []
            var definitions: [String] = []
            var body: [String] = []
            for number in 0..<(1 + Int(random.next() % 3)) {
                let kind = kinds[Int(random.next() % UInt64(kinds.count))]
                let name = "v\(number)"
                // A non-null variable never has a default here: with one it could be left unset, and inlined, the
                // field would then get nothing where it needs a value (see the limitation the test's note states).
                let hasDefault = !kind.type.hasSuffix("!") && random.next() % 2 == 0
                let fallback = hasDefault ? " = " + kind.literals[Int(random.next() % UInt64(kind.literals.count))] : ""
                declared.append((name, kind, hasDefault))
                definitions.append("$\(name): \(kind.type)\(fallback)")
                // Used directly, or inside an input object for an Int.
                if kind.type == "Int", random.next() % 2 == 0 {
                    body.append(
                        "f\(index)\(name): complexArgField(complexArg: {requiredField: true, intField: $\(name)})")
                } else {
                    body.append("f\(index)\(name): \(kind.field)(\(kind.argument): $\(name))")
                }
            }
            // A spread of a later fragment, given this fragment's variables where the types match, else literals.
            if index + 1 < fragmentCount {
                let target = variables[0]
                let arguments = target.compactMap { variable -> String? in
                    if let own = declared.first(where: { $0.kind.type == variable.kind.type && !$0.hasDefault }),
                        random.next() % 2 == 0
                    {
                        return "\(variable.name): $\(own.name)"
                    }
                    if !variable.kind.type.hasSuffix("!"), random.next() % 3 == 0 { return nil }
                    return "\(variable.name): \(variable.kind.literals[0])"
                }
                body.append("...F\(index + 1)" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"))
            }
            variables.insert(declared, at: 0)
            fragments.insert(
                "fragment F\(index)(\(definitions.joined(separator: ", "))) on ComplicatedArgs { "
                    + body.joined(separator: " ") + " }", at: 0)
        }
        // The operation spreads F0, giving each of its variables a literal, an operation variable or nothing.
        var operationVariables: [String] = []
        func spreadArguments(wrong: Bool) -> [String] {
            variables[0].enumerated().compactMap { position, variable in
                if wrong, position == 0 { return "\(variable.name): \(variable.kind.wrongLiteral)" }
                switch random.next() % 3 {
                case 0 where !variable.kind.type.hasSuffix("!"):
                    return nil
                case 1:
                    let name = "o\(operationVariables.count)"
                    operationVariables.append("$\(name): \(variable.kind.type)")
                    return "\(variable.name): $\(name)"
                default:
                    return
                        "\(variable.name): \(variable.kind.literals[Int(random.next() % UInt64(variable.kind.literals.count))])"
                }
            }
        }
        func spread(_ arguments: [String]) -> String {
            "...F0" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
        }
        var spreads = [spread(spreadArguments(wrong: intent == .wrongLiteral))]
        switch intent {
        case .conflictingSpreads:
            let first = variables[0][0]
            let (one, other) = ("\(first.name): \(first.kind.literals[0])", "\(first.name): \(first.kind.literals[1])")
            let rest = variables[0].dropFirst().filter { $0.kind.type.hasSuffix("!") }.map {
                "\($0.name): \($0.kind.literals[0])"
            }
            spreads = [spread([one] + rest), spread([other] + rest)]
        case .nullableToNonNull:
            if let required = variables[0].first(where: { $0.kind.type.hasSuffix("!") }) {
                let name = "o\(operationVariables.count)"
                operationVariables.append("$\(name): \(required.kind.type.dropLast())")
                let rest = variables[0].filter { $0.name != required.name && $0.kind.type.hasSuffix("!") }.map {
                    "\($0.name): \($0.kind.literals[0])"
                }
                spreads = [spread(["\(required.name): $\(name)"] + rest)]
            } else {
                return document(seed: seed &+ 0x9E37_79B9)
            }
        default:
            break
        }
        let header = operationVariables.isEmpty ? "" : "(\(operationVariables.joined(separator: ", ")))"
        let operation = "query Q\(header) { complicatedArgs { \(spreads.joined(separator: " ")) } }"
        return Generated(text: ([operation] + fragments).joined(separator: "\n"), intent: intent)
    }

    /// The document with every fragment inlined, as sent to a server without fragment arguments.
    static func inlined(_ document: Document) -> String {
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments { fragments[fragment.name.value] = fragment }
        let operations = document.operations.map { operation -> Definition in
            var operation = operation
            operation.selectionSet = FragmentArguments.inlining(operation.selectionSet, fragments: fragments)
            return .operation(operation)
        }
        return Printer.print(Document(definitions: operations))
    }

    @Test("400 seeded documents: ours valid inline to graphql-core valid; the ones made invalid, both reject")
    func againstGraphQLCore() async throws {
        let schema = ValidationHarness.schema
        var cases: [(seed: UInt64, generated: Generated, ours: [Diagnostic], inlined: String)] = []
        for seed in UInt64(1)...400 {
            let generated = Self.document(seed: seed)
            let document = try Parser.parse(Source(name: "seed-\(seed).graphql", text: generated.text))
            let ours = DocumentValidator.validate([document], against: schema).filter { $0.severity == .error }
            let inlined = Self.inlined(document)
            // The inlined text parses back, with no fragment argument left.
            let reparsed = try Parser.parse(Source(name: "inlined", text: inlined))
            #expect(
                reparsed.fragments.isEmpty && FragmentArguments.spreads(in: reparsed.operations[0].selectionSet).isEmpty
            )
            cases.append((seed, generated, ours, inlined))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fragment-arguments-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let payload: [String: Any] = ["schema": ValidationTestSchema.sdl, "documents": cases.map(\.inlined)]
        try JSONSerialization.data(withJSONObject: payload).write(to: file)
        let result = try await OracleProcess.runScript("validate_documents.py", [file.path], timeout: .seconds(600))
        let verdicts = try result.output.split(separator: UInt8(ascii: "\n")).map { line in
            try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
        }
        try #require(verdicts.count == cases.count)
        var counts: [String: Int] = [:]
        for (entry, verdict) in zip(cases, verdicts) {
            let oracleValid = verdict["valid"] as? Bool ?? false
            let report = """
                seed \(entry.seed) (\(entry.generated.intent.rawValue))
                \(entry.generated.text)
                inlined: \(entry.inlined)
                ours: \(entry.ours.map(\.message))
                graphql-core: \(verdict["errors"] ?? [])
                """
            switch entry.generated.intent {
            case .valid:
                #expect(entry.ours.isEmpty, "\(report)")
                #expect(oracleValid, "\(report)")
            case .wrongLiteral, .conflictingSpreads, .nullableToNonNull:
                #expect(!entry.ours.isEmpty, "\(report)")
                #expect(!oracleValid, "\(report)")
            }
            counts[entry.generated.intent.rawValue, default: 0] += 1
        }
        // Every kind of document was made, so each claim above was put to the test.
        #expect(counts.count == 4, "\(counts)")
        #expect(counts.values.allSatisfy { $0 >= 10 }, "\(counts)")
    }
}
