import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// `SchemaSplitter` on the GitHub schema with name patterns, on a small `@domain` schema and with a mapping table,
/// and its located errors for configurations that cannot be satisfied. The split's own proof is not trusted here:
/// every test rebuilds the files with the compiler itself.
@Suite("Schema splitting", .cpuBound)
struct SchemaSplitterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/SchemaSplit")

    @Test("GitHub by name patterns: each domain file resolves with the shared one, and the union is the original")
    func gitHubByPatterns() throws {
        let configuration = try SchemaSplitConfiguration.load(
            from: Self.fixtures.appendingPathComponent("github-split.json").path)
        let original = try GraphQLSchema.load(paths: [CorpusFiles.url("github/schema.graphqls").path])
        let split = try SchemaSplitter.split(original, configuration: configuration, sourceName: "schema.graphqls")

        #expect(
            split.files.map(\.name) == [
                "shared-schema.graphqls", "issues.graphqls", "pullRequests.graphqls", "projects.graphqls",
                "discussions.graphqls",
            ])
        let sources = split.files.map { Source(name: $0.name, text: $0.text) }
        for domain in sources.dropFirst() {
            #expect(throws: Never.self, "\(domain.name) does not resolve") {
                _ = try GraphQLSchema.build(from: [sources[0], domain])
            }
        }
        #expect(split.typeCounts.dropFirst().allSatisfy { $0 > 0 }, "a domain without types: \(split.typeCounts)")
        let union = try GraphQLSchema.build(from: sources)
        #expect(Self.canonical(union) == Self.canonical(original))
        #expect(split.files[1].text.hasPrefix("# Domain 'issues', split from schema.graphqls"))
        #expect(split.files[1].text.contains("# Shared types used: "))
    }

    @Test("a @domain schema splits as the snapshot shows, root fields following their types")
    func domainDirective() throws {
        try expectSnapshot(config: "domain-directive.json", folder: "DomainDirective")
    }

    @Test("a mapping table splits as the snapshot shows, a root type without shared fields declared per domain")
    func mappingTable() throws {
        try expectSnapshot(config: "mapping-table.json", folder: "MappingTable")
    }

    @Test("configurations that cannot be satisfied get located errors")
    func unsatisfiable() throws {
        let schema = try GraphQLSchema.build(from: [Source(name: "s.graphqls", text: Self.smallSchema)])
        func errors(_ json: String) -> [String] {
            do {
                let configuration = try SchemaSplitConfiguration.parse(json, file: "split.json")
                _ = try SchemaSplitter.split(schema, configuration: configuration, sourceName: "s.graphqls")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        let head = #"{"schema": "s.graphqls", "output": "out", "domains": "#
        #expect(
            errors(head + #"{"users": {"types": ["Usr"]}}}"#) == [
                #"split.json:1:75: error: Unknown type "Usr" in the types of domain 'users'."#
            ])
        #expect(
            errors(head + #"{"users": {"patterns": ["Account*"]}}}"#) == [
                #"split.json:1:78: error: The pattern "Account*" of domain 'users' matches no type."#
            ])
        let twice = errors(head + #"{"a": {"types": ["User"]}, "b": {"types": ["User"]}}}"#)
        #expect(twice.first?.hasPrefix("split.json:1:97: error: User is assigned to two domains: 'a'") == true)
        let crossing = errors(head + #"{"users": {"types": ["User"]}, "products": {"types": ["Product"]}}}"#)
        #expect(
            crossing.first?.contains(
                "User is assigned to domain 'users' by the mapping table, but Product.seller in domain 'products' "
                    + "uses it") == true, "\(crossing)")
        let strict = errors(
            head + #"{"users": {"patterns": ["User*"]}, "products": {"patterns": ["Product*"]}}, "#
                + #""crossDomainUse": "error"}"#)
        #expect(strict.first?.contains("by the pattern \"User*\", but Product.seller") == true, "\(strict)")
    }

    static let smallSchema = """
        type Query { me: User, product(id: ID!): Product }
        type User { id: ID! name: String }
        type Product { id: ID! seller: User }
        """

    /// Splits with a fixture configuration and compares every file with the snapshot folder (re-recorded when
    /// `APICORE_RECORD_SNAPSHOTS` is set).
    private func expectSnapshot(config: String, folder: String) throws {
        let configuration = try SchemaSplitConfiguration.load(from: Self.fixtures.appendingPathComponent(config).path)
        let original = try GraphQLSchema.load(paths: configuration.schemaPaths)
        let split = try SchemaSplitter.split(original, configuration: configuration, sourceName: "schema.graphqls")
        let snapshots = Self.fixtures.appendingPathComponent(folder)
        if ProcessInfo.processInfo.environment["APICORE_RECORD_SNAPSHOTS"] != nil {
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            for file in split.files { try Data(file.text.utf8).write(to: snapshots.appendingPathComponent(file.name)) }
        }
        let recorded = try FileManager.default.contentsOfDirectory(atPath: snapshots.path).sorted()
        #expect(recorded == split.files.map(\.name).sorted())
        for file in split.files {
            let expected = try String(contentsOf: snapshots.appendingPathComponent(file.name), encoding: .utf8)
            #expect(file.text == expected, "\(folder)/\(file.name) differs")
        }
        let sources = split.files.map { Source(name: $0.name, text: $0.text) }
        for domain in sources.dropFirst() {
            #expect(throws: Never.self) { _ = try GraphQLSchema.build(from: [sources[0], domain]) }
        }
    }

    /// Each definition's SDL, fields in name order (root fields come from several files).
    static func canonical(_ schema: GraphQLSchema) -> [String: String] {
        var result: [String: String] = [:]
        for definition in SchemaPrinter.document(for: schema).definitions {
            guard case .type(var type) = definition else {
                result["definition " + Printer.print(definition)] = ""
                continue
            }
            if case .object(let interfaces, let fields) = type.kind {
                type.kind = .object(interfaces: interfaces, fields: fields.sorted { $0.name.value < $1.name.value })
            }
            result[type.name.value] = Printer.print(.type(type))
        }
        return result
    }
}
