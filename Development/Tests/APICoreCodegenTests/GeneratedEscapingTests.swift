import APICoreCodegen
import APICoreCompiler
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import EscapingFixture
import Foundation
import Testing

/// The escaping corpus (`Tests/Fixtures/CodegenInputs/Escaping`: names that are Swift keywords, strings holding Swift
/// syntax, every GraphQL escape, bidirectional and zero-width characters) run through the code generated from it,
/// which ``FixturePackageTests`` keeps current and the `EscapingFixture` target compiles: what each operation sends,
/// how inputs encode and how enums read must be what the schema and documents say, nothing more.
@Suite("Generated escaping corpus", .cpuBound)
struct GeneratedEscapingTests {
    static let inputs = CorpusSet.root + "/Tests/Fixtures/CodegenInputs/Escaping/"

    static func parse(_ file: String) throws -> Document {
        try Parser.parse(Source(name: file, text: try String(contentsOfFile: inputs + file, encoding: .utf8)))
    }

    static func written(_ object: JSONObject) -> String {
        String(decoding: JSONWriter().write(.object(object)), as: UTF8.self)
    }

    /// Bidirectional controls, zero-width characters and non-BMP text, as the corpus writes them unescaped.
    static let raw =
        "\u{202E} RLO \u{2066} LRI \u{2067} RLI \u{2068} FSI \u{2069} PDI \u{200F} RLM \u{200B} ZWSP \u{200C} ZWNJ "
        + "\u{200D} ZWJ \u{FEFF} BOM \u{1F469}\u{200D}\u{1F4BB} \u{1D11E}"

    /// Every string value of the Injection operation and its fragment, in the order written, as GraphQL reads them.
    static let injectionStrings = [
        // $text, $block and $options defaults.
        "\"\"\" \\ \\(x) #\" \"# */ /* // \n \0 \u{202E} \u{200B} \u{1F600} \u{1F600}",
        "Block default: \\n \\t \\u0041 \\\\ \\\" stay as written; \"\"\" is a triple quote.\n"
            + "  */ /* // \\(x) #\" \"# " + raw,
        "\0\"", "\\(x)", "\u{202E}",
        // quoted, block and raw.
        "\"\"\" \\ \\(x) #\" \"# */ /* // \n \r \t \u{8} \u{C} / \0 \u{1F} \u{7F} \u{85} \u{202E} "
            + "\u{2066}\u{2067}\u{2068}\u{2069} \u{200F} \u{200B}\u{200C}\u{200D}\u{FEFF} \u{2028}\u{2029} "
            + "\u{1F469}\u{200D}\u{1F4BB} \u{1D11E} \0",
        "First line, then an indented one: \\n \\t \\u0041 \\\\ \\\" \"\"\" \\(x) #\" \"#\n  */ /* // ///\n#endif",
        raw,
        // list, object and the alias named Type.
        "*/", "/*", "//", "\\", "\"\"\"", "#\"", "\"#", "\\u{41}", "\\u0000",
        "\"#\\(x)", "\u{200F}", "Type",
        // EchoFields.
        "fragment \"\"\" */ \u{202E} \0",
    ]

    @Test("each operation sends its source document: the same fields, arguments, defaults and fragments")
    func documentsMatchTheirSource() throws {
        let source = EscapingDocumentOutline.outlines(of: try Self.parse("Escaping.graphql"))
        let documents = [
            (EscapingQuery.document, ["Escaping", "ThingFields"]),
            (FilteredQuery.document, ["Filtered", "ThingFields"]),
            (InjectionQuery.document, ["Injection", "EchoFields"]),
        ]
        for (document, names) in documents {
            let sent = EscapingDocumentOutline.outlines(of: try Parser.parse(Source(name: names[0], text: document)))
            #expect(sent.keys.sorted() == names.sorted())
            for name in names {
                #expect(sent[name] == source[name], "\(name) sends something else than its source")
            }
        }
    }

    @Test("the operation's string literals and defaults reach the server character for character")
    func literalStringsAreExact() throws {
        let sent = try Parser.parse(Source(name: "Injection", text: InjectionQuery.document))
        #expect(EscapingDocumentOutline.strings(in: sent) == Self.injectionStrings)
        let source = try Self.parse("Escaping.graphql")
        let definitions = source.definitions.filter {
            switch $0 {
            case .operation(let operation): operation.name?.value == "Injection"
            case .fragment(let fragment): fragment.name.value == "EchoFields"
            default: false
            }
        }
        #expect(EscapingDocumentOutline.strings(in: Document(definitions: definitions)) == Self.injectionStrings)
    }

    @Test("the sent documents are valid against the schema")
    func sentDocumentsValidate() throws {
        let schema = try Self.schema()
        for document in [EscapingQuery.document, FilteredQuery.document, InjectionQuery.document] {
            let parsed = try Parser.parse(Source(name: "sent", text: document))
            let errors = DocumentValidator.validate([parsed], against: schema).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test("every enum value of the schema is a case whose raw value is the schema's spelling, sent as written")
    func enumRawValuesRoundTrip() throws {
        let schema = try Self.schema()
        guard case .enumeration(let kind)? = schema.type(named: "Kind") else {
            Issue.record("the schema has no enum Kind")
            return
        }
        let spellings = kind.values.map(\.name)
        #expect(EscapingAPI.Kind.allCases.map(\.rawValue) == spellings)
        for spelling in spellings {
            let value = GraphQLEnum<EscapingAPI.Kind>(rawValue: spelling)
            #expect(value.value?.rawValue == spelling)
            #expect(EscapingAPI.EchoOptions(kind: .some(value)).fields == ["kind": .string(spelling)])
        }
        #expect(EscapingAPI.Kind.`case`.rawValue == "case")
        #expect(EscapingAPI.Kind.`init`.rawValue == "init")
        #expect(EscapingAPI.Kind.Self_.rawValue == "Self")
        #expect(EscapingAPI.Kind.`Any`.rawValue == "Any")
        #expect(EscapingAPI.Kind.`_`.rawValue == "_")
    }

    @Test("inputs send exactly what is set, under the schema's names; unset fields leave defaults to the server")
    func inputsEncodeExactly() throws {
        #expect(Self.written(EscapingAPI.EchoOptions().fields) == "{}")
        #expect(Self.written(InjectionQuery().variables) == "{}")
        let text = Self.injectionStrings[5]
        let options = EscapingAPI.EchoOptions(
            prefix: .some(text), kind: .some(GraphQLEnum(.`_`)), Self: .some(false), `_`: .some(0), case: .some(["*/"]))
        let expected: JSONObject = ["prefix": .string(text), "kind": "_", "Self": false, "_": 0, "case": ["*/"]]
        #expect(options.fields == expected)
        let query = InjectionQuery(
            text: .some(text), options: .some(options),
            flags: .some(EscapingAPI.Bool_(value: .some(true), Bool: .null)))
        let variables = query.variables
        #expect(
            variables == ["text": .string(text), "options": .object(expected), "flags": ["value": true, "Bool": nil]])
        // What goes over the wire reads back as the same value.
        #expect(try JSONReader().read(Self.written(variables)) == .object(variables))
    }

    @Test("the arguments the normalized cache keys fields by are the document's strings, defaults included")
    func selectionLiteralsAreExact() {
        var arguments: [String: JSONObject] = [:]
        for case .field(let field) in InjectionQuery.Data.__selections + EchoFields.__selections {
            // The variables the caller leaves out take the document's defaults, as they do on the server.
            arguments[field.responseKey] = field.resolvedArguments(with: InjectionQuery().effectiveVariables)
        }
        let strings = Self.injectionStrings
        let options: JSONObject = [
            "prefix": .string(strings[2]), "kind": "Any", "Self": false,
            "case": [.string(strings[3]), .string(strings[4])],
        ]
        let defaults: JSONObject = [
            "text": .string(strings[0]), "block": .string(strings[1]), "kind": "case", "options": .object(options),
        ]
        #expect(InjectionQuery.variableDefaults == defaults)
        #expect(arguments["variable"] == ["text": .string(strings[0]), "kind": "case", "options": .object(options)])
        #expect(arguments["blockDefault"] == ["text": .string(strings[1])])
        #expect(arguments["quoted"] == ["text": .string(strings[5])])
        #expect(arguments["block"] == ["text": .string(strings[6])])
        #expect(arguments["raw"] == ["text": .string(Self.raw)])
        #expect(arguments["list"] == ["texts": .array(strings[8..<17].map(JSONValue.string)), "kind": "init"])
        let object: JSONObject = [
            "options": ["prefix": .string(strings[17]), "kind": "Self", "case": [.string(strings[18])]],
            "flags": ["value": true, "Bool": false],
        ]
        #expect(arguments["object"] == object)
        #expect(arguments["Type"] == ["text": "Type"])
        #expect(arguments["fragmentEcho"] == ["text": .string(strings[20])])
    }

    @Test("no text of a description is outside a comment, and no generated line hides a character")
    func descriptionsStayInComments() throws {
        let set = try #require(CorpusSet.all.first { $0.target == "Escaping" })
        let files = try CodeGenerator().generate(configuration: set.configuration)
        var commentLines = 0
        for file in files {
            for line in file.contents.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                #expect(!CodeInjectionTests.hasHiddenCharacter(code), "\(file.path): \(code)")
                guard ["let injected", "three slashes", "#if DEBUG", "isolates"].contains(where: { code.contains($0) })
                else {
                    continue
                }
                if code.hasPrefix("///") {
                    commentLines += 1
                } else {
                    #expect(code.hasPrefix("@available(*, deprecated, message: "), "\(file.path): \(code)")
                }
            }
        }
        #expect(commentLines > 0)
    }

    @Test("deferred parts whose labels are no Swift names read under the labels the document sends")
    func deferredLabels() throws {
        let labels = DeferredQuery.Data.Thing.__selections.compactMap { selection -> String? in
            if case .deferred(let label, _) = selection { return label }
            return nil
        }
        #expect(labels == ["a.b", "a b-c/d", "1st", "A", "Type", "...", "\u{202E} é", "a-b", "größe"])
        for label in labels { #expect(DeferredQuery.document.contains("@defer(label: \"\(label)\")")) }
        // Only `a.b`'s part has arrived: it reads, the others are pending.
        let partial = try DeferredQuery.Data(data: ["thing": ["__typename": "Thing", "old": "o", "hash": "h"]])
        let thing = try #require(partial.thing)
        #expect(thing.ab?.hash_ == "h")
        #expect(thing.abcd == nil && thing.deferred1st == nil && thing.a == nil && thing.type_ == nil)
        #expect(thing.deferredThing == nil && thing.é == nil && thing.größe == nil)
        // `a-b` names its part as `a.b` would, and takes the next name; it selects `a.b`'s `hash` again.
        #expect(thing.aB_?.hash_ == "h")
        // Every part arrived.
        let whole = try DeferredQuery.Data(data: [
            "thing": [
                "__typename": "Thing", "old": "o", "hash": "h", "data": "d", "hashValue": "v", "description": "e",
                "self": "s", "default": "f", "where": "w", "reader": "r",
            ]
        ])
        let all = try #require(whole.thing)
        #expect(all.abcd?.data == "d" && all.deferred1st?.hashValue_ == "v" && all.a?.description == "e")
        #expect(all.type_?.self_ == "s" && all.deferredThing?.default == "f" && all.é?.where == "w")
        #expect(all.größe?.reader == "r")
    }

    static func schema() throws -> GraphQLSchema {
        let text = try String(contentsOfFile: inputs + "schema.graphqls", encoding: .utf8)
        return try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: text)])
    }
}
