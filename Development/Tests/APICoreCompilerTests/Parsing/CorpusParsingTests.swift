import APICoreCompiler
import APICoreTestSupport
import Testing

@Suite("Corpus parsing", .cpuBound)
struct CorpusParsingTests {
    @Test("the corpus is there: real schemas and operations to parse")
    func corpusIsPresent() {
        #expect(Corpus.documentPaths.count >= 90, "no corpus at \(Corpus.root.path)")
        #expect(Corpus.documentPaths.contains("github/schema.graphqls"))
        #expect(Corpus.documentPaths.contains("graphql-js/kitchen-sink-query.graphql"))
    }

    @Test(
        "every corpus document parses, prints back to an equal document, and prints the same text twice",
        arguments: Corpus.documentPaths)
    func roundTrip(path: String) throws {
        let document = try Parser.parse(Source(name: path, text: try Corpus.text(path)))
        #expect(!document.definitions.isEmpty)
        let printed = Printer.print(document)
        let reparsed = try Parser.parse(Source(name: "printed " + path, text: printed))
        #expect(reparsed == document)
        #expect(Printer.print(reparsed) == printed)
    }

    @Test("the upstream GitHub schema with duplicate fields parses: its problem is semantic")
    func upstreamInvalidSchemaParses() throws {
        let path = "github/schema-upstream-invalid.graphqls"
        let document = try Parser.parse(Source(name: path, text: try Corpus.text(path)))
        let owner = document.definitions.compactMap { definition -> TypeDefinition? in
            if case .type(let type) = definition, type.name.value == "EnterpriseOwnerInfo" { type } else { nil }
        }
        guard case .object(_, let fields) = try #require(owner.first).kind else {
            Issue.record("EnterpriseOwnerInfo is not an object type")
            return
        }
        let names = fields.map(\.name.value)
        #expect(names.count(where: { $0 == "repositoryDeployKeySetting" }) == 2)
    }

    @Test("nodes are located in their file: the GitHub schema's types are where the text says")
    func githubSchemaLocations() throws {
        let path = "github/schema.graphqls"
        let text = try Corpus.text(path)
        let document = try Parser.parse(Source(name: path, text: text))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for definition in document.definitions {
            guard case .type(let type) = definition else { continue }
            let location = type.name.location
            #expect(location.file == path)
            let line = lines[location.line - 1]
            let column = line.unicodeScalars.index(line.startIndex, offsetBy: location.column - 1)
            #expect(line[column...].hasPrefix(type.name.value))
        }
    }
}
