import APICoreCodegen
import APICoreGraphQL
import APICoreJSON
import APICoreTestSupport
import Foundation
import Testing

@Suite("Persisted-query manifest", .cpuBound)
struct OperationManifestTests {
    /// One entry of an Apollo manifest.
    struct ApolloEntry {
        var id: String
        var body: String
        var name: String
    }

    /// Apollo's persisted-query manifests are not valid JSON (quotes in bodies are not escaped), so they are read line
    /// by line: each entry's `"id"`, `"body"` and `"name"` lines, `\n` in a body read as a newline.
    static func apolloEntries(_ path: String) throws -> [ApolloEntry] {
        let text = try String(contentsOfFile: CorpusSet.root + "/../../shared/corpus/" + path, encoding: .utf8)
        var entries: [ApolloEntry] = []
        var id = ""
        var body = ""
        for line in text.split(separator: "\n") {
            let line = line.drop { $0 == " " }
            func value(_ key: String) -> String? {
                let prefix = "\"\(key)\": \""
                guard line.hasPrefix(prefix) else { return nil }
                var value = line.dropFirst(prefix.count)
                if value.hasSuffix(",") { value = value.dropLast() }
                return String(value.dropLast())  // the closing quote
            }
            if let value = value("id") { id = value }
            if let value = value("body") { body = value.replacingOccurrences(of: "\\n", with: "\n") }
            if let name = value("name") { entries.append(ApolloEntry(id: id, body: body, name: name)) }
        }
        return entries
    }

    /// Our manifest for a corpus set, read as JSON (it must be valid JSON); without key fields added, as an app that
    /// keeps the documents its server registered from Apollo's manifest generates.
    static func ourManifest(
        _ target: String, identifiers: CodegenConfiguration.OperationIdentifiers = .documentSHA256,
        addsKeyFields: Bool = false
    ) throws -> (entries: [String: (id: String, body: String)], files: [GeneratedFile]) {
        var configuration = try #require(CorpusSet.all.first { $0.target == target }).configuration
        configuration.operationManifest = .init(path: "manifest.json")
        configuration.operationIdentifiers = identifiers
        configuration.addsKeyFields = addsKeyFields
        let files = try CodeGenerator().generate(configuration: configuration)
        let manifest = try #require(files.first { $0.path.hasSuffix("/manifest.json") })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(manifest.contents.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "apollo-persisted-query-manifest")
        var result: [String: (id: String, body: String)] = [:]
        for case let operation as [String: String] in json["operations"] as? [Any] ?? [] {
            result[operation["name"]!] = (operation["id"]!, operation["body"]!)
            if identifiers == .documentSHA256 {
                #expect(operation["id"] == GraphQLSHA256.hexDigest(of: operation["body"]!))
            }
        }
        return (result, files)
    }

    /// Apollo iOS hashes a document whose operation and fragments it joins with the two characters `\n` (a backslash
    /// and an `n`) instead of a newline, and sends (and writes in its manifest) the text with a real newline. So for
    /// the operations that use fragments, and only those, Apollo's id is not the SHA-256 of its own body, and ours
    /// (the SHA-256 of the body actually sent) differs from Apollo's while the bodies are identical.
    static func apolloId(of body: String) -> String {
        GraphQLSHA256.hexDigest(of: body.replacingOccurrences(of: "\n", with: "\\n"))
    }

    @Test(
        "our bodies equal Apollo's body for body, and the ids differ exactly where Apollo hashed a literal \\n",
        arguments: [
            (
                "StarWars", "starwars/operationIDs.json",
                [
                    "DroidDetailsWithFragment", "HeroAndFriendsNamesWithFragment",
                    "HeroAndFriendsNamesWithFragmentTwice",
                    "HeroAppearsInWithFragment", "HeroDetailsFragmentConditionalInclusion", "HeroDetailsWithFragment",
                    "HeroNameAndAppearsInWithFragment", "HeroNameWithFragment", "HeroNameWithFragmentAndID",
                ]
            ),
            ("GitHubApollo", "github/operations/apollo/operationIDs.json", ["IssuesAndCommentsForRepository"]),
            ("Upload", "upload/operationIDs.json", []),
        ])
    func matchesApollo(target: String, apolloManifest: String, differing: [String]) throws {
        let apollo = try Self.apolloEntries(apolloManifest)
        let ours = try Self.ourManifest(target).entries
        #expect(apollo.count == ours.count)
        var different: [String] = []
        for entry in apollo {
            let our = try #require(ours[entry.name], "no operation \(entry.name)")
            #expect(our.body == entry.body, "body of \(entry.name)")
            if our.id != entry.id {
                different.append(entry.name)
                #expect(entry.body.contains("\nfragment "), "\(entry.name) differs but uses no fragment")
                #expect(entry.id == Self.apolloId(of: entry.body), "\(entry.name): Apollo's id is not explained")
            }
        }
        #expect(different.sorted() == differing)
    }

    @Test(
        "with operationIdentifiers \"apollo\", every id and body equals Apollo's, in the manifest and the generated code",
        arguments: [
            ("StarWars", "starwars/operationIDs.json"),
            ("GitHubApollo", "github/operations/apollo/operationIDs.json"),
            ("Upload", "upload/operationIDs.json"),
        ])
    func apolloIdentifiers(target: String, apolloManifest: String) throws {
        let apollo = try Self.apolloEntries(apolloManifest)
        let (ours, files) = try Self.ourManifest(target, identifiers: .apollo)
        #expect(apollo.count == ours.count)
        for entry in apollo {
            let our = try #require(ours[entry.name], "no operation \(entry.name)")
            #expect(our.body == entry.body, "body of \(entry.name)")
            #expect(our.id == entry.id, "id of \(entry.name)")
            let swift = files.first { $0.contents.contains("operationName: String { \"\(entry.name)\" }\n") }
            #expect(swift?.contents.contains("operationIdentifier: String? { \"\(entry.id)\" }") == true)
        }
    }

    @Test("with key fields added, the manifest holds the documents sent, each under the SHA-256 of its body")
    func keyFieldsInManifest() throws {
        let (ours, _) = try Self.ourManifest("StarWars", addsKeyFields: true)
        let heroName = try #require(ours["HeroName"])
        #expect(heroName.body == "query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }")
        #expect(heroName.id == GraphQLSHA256.hexDigest(of: heroName.body))
    }

    @Test("key fields are added unless options.addKeyFields is false, or an Apollo configuration writes a manifest")
    func keyFieldsConfigured() throws {
        func apollo(_ extra: String) throws -> CodegenConfiguration {
            try ApolloConfigurationReaderHarness.parse(#"{"schemaNamespace": "API", \#(extra)}"#)
        }
        let schemaTypes = #""output": {"schemaTypes": {"path": "API"}}"#
        #expect(try apollo(schemaTypes).addsKeyFields)
        #expect(try !apollo(schemaTypes + #", "operationManifest": {"path": "m.json"}"#).addsKeyFields)
        let legacy = #""output": {"schemaTypes": {"path": "API"}, "operationIdentifiersPath": "ids.json"}"#
        #expect(try !apollo(legacy).addsKeyFields)
        let safelisted = #", "experimentalFeatures": {"legacySafelistingCompatibleOperations": true}"#
        #expect(try !apollo(schemaTypes + safelisted).addsKeyFields)
        #expect(try apollo(schemaTypes + safelisted.replacingOccurrences(of: "true", with: "false")).addsKeyFields)
        let asked = #", "operationManifest": {"path": "m.json"}, "options": {"addKeyFields": true}"#
        #expect(try apollo(schemaTypes + asked).addsKeyFields)
        let text = """
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}, "options": {"addKeyFields": false}}
            """
        let configuration = try CodegenConfiguration.parse(text, file: "apicore.json", baseDirectory: "/kit")
        #expect(!configuration.addsKeyFields)
        // Written back as it was read.
        #expect(configuration.jsonText(forFolder: "/kit").contains(#""addKeyFields": false"#))
        let wrong = text.replacingOccurrences(of: "false}}", with: #""no"}}"#)
        #expect {
            try CodegenConfiguration.parse(wrong, file: "apicore.json", baseDirectory: "/kit")
        } throws: { error in
            "\(error)".contains("\"options.addKeyFields\" must be true or false")
        }
    }

    @Test("an Apollo configuration gets Apollo's ids; options.operationIdentifiers is read and checked")
    func identifiersConfigured() throws {
        let apollo = try ApolloConfigurationReaderHarness.parse(
            #"{"schemaNamespace": "API", "output": {"schemaTypes": {"path": "API"}}}"#)
        #expect(apollo.operationIdentifiers == .apollo)
        let text = """
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}, "options": {"operationIdentifiers": "apollo"}}
            """
        #expect(
            try CodegenConfiguration.parse(text, file: "apicore.json", baseDirectory: "/kit").operationIdentifiers
                == .apollo)
        let wrong = text.replacingOccurrences(of: #""apollo"}"#, with: #""md5"}"#)
        #expect {
            try CodegenConfiguration.parse(wrong, file: "apicore.json", baseDirectory: "/kit")
        } throws: { error in
            "\(error)".hasPrefix(
                "apicore.json:2:109: error: \"options.operationIdentifiers\" must be \"sha256\" or \"apollo\"")
        }
    }

    @Test("the legacy operationIDs.json shape maps ids to names and sources, as valid JSON")
    func legacyShape() throws {
        var configuration = try #require(CorpusSet.all.first { $0.target == "GitHubApollo" }).configuration
        configuration.operationManifest = .init(path: "operationIDs.json", format: .legacy)
        let files = try CodeGenerator().generate(configuration: configuration)
        let manifest = try #require(files.first { $0.path.hasSuffix("/operationIDs.json") })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(manifest.contents.utf8)) as? [String: [String: String]])
        #expect(json.count == 3)
        for (id, entry) in json {
            #expect(id == GraphQLSHA256.hexDigest(of: entry["source"]!))
        }
        #expect(json.values.contains { $0["name"] == "RepoURL" && $0["source"]!.hasPrefix("query RepoURL") })
    }

    @Test("the manifest is configured by output.operationManifest")
    func configured() throws {
        let text = """
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"},
                        "operationManifest": {"path": "ids.json", "version": "apollo"}}}
            """
        let configuration = try CodegenConfiguration.parse(text, file: "apicore.json", baseDirectory: "/kit")
        #expect(configuration.operationManifest == .init(path: "ids.json", format: .legacy))
        let wrong = text.replacingOccurrences(of: "\"apollo\"", with: "\"v2\"")
        #expect {
            try CodegenConfiguration.parse(wrong, file: "apicore.json", baseDirectory: "/kit")
        } throws: { error in
            "\(error)".hasPrefix("apicore.json:3:")
                && "\(error)".contains("\"output.operationManifest.version\" must be")
        }
    }
}
