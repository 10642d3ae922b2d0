import APICoreCodegen
import APICoreCompiler
import Foundation
import Testing

@Suite("Apollo iOS configuration")
struct ApolloConfigurationTests {
    /// A configuration as `apollo-ios-cli init` writes it, with the options a real project sets.
    static let swiftPackageConfiguration = """
        {
          "schemaNamespace" : "StarWarsAPI",
          "input" : {
            "operationSearchPaths" : ["Sources/StarWars/**/*.graphql"],
            "schemaSearchPaths" : ["schema.graphqls"]
          },
          "output" : {
            "testMocks" : { "none" : { } },
            "schemaTypes" : {
              "path" : "./StarWarsAPI",
              "moduleType" : { "swiftPackageManager" : { } }
            },
            "operations" : { "inSchemaModule" : { } }
          },
          "options" : {
            "operationDocumentFormat" : ["definition", "operationId"],
            "deprecatedEnumCases" : "include",
            "selectionSetInitializers" : { "localCacheMutations" : true },
            "pruneGeneratedFiles" : true
          },
          "operationManifest" : { "path" : "./operationIDs.json", "version" : "persistedQueries" },
          "experimentalFeatures" : { "legacySafelistingCompatibleOperations" : true }
        }
        """

    static func write(_ text: String, named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apollo-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a Swift package configuration maps onto ours; keys without an equivalent are located warnings")
    func swiftPackage() throws {
        let path = try Self.write(Self.swiftPackageConfiguration, named: "apollo-codegen-config.json")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let configuration = try CodegenConfiguration.load(from: path)
        #expect(configuration.schemaNamespace == "StarWarsAPI")
        #expect(configuration.schemaSearchPaths == ["schema.graphqls"])
        #expect(configuration.operationSearchPaths == ["Sources/StarWars/**/*.graphql"])
        #expect(configuration.schemaTypesPath == "./StarWarsAPI/Sources/Schema")
        #expect(configuration.operationsPath == "./StarWarsAPI/Sources/Operations")
        #expect(configuration.accessLevel == .public)
        #expect(configuration.schemaTypesModule == nil)
        #expect(configuration.selectionSetInitializers)
        #expect(configuration.operationManifest == .init(path: "./operationIDs.json", format: .persistedQueries))
        // `legacySafelistingCompatibleOperations` is honoured: Apollo's ids and documents, no key fields added.
        #expect(configuration.warnings.isEmpty, "\(configuration.warnings)")
        #expect(configuration.operationIdentifiers == .apollo)
        #expect(!configuration.addsKeyFields)
    }

    @Test("embedded, absolute and relative operations, the legacy manifest key and defaults")
    func otherLayouts() throws {
        let embedded = try ApolloConfigurationReaderHarness.parse(
            """
            {"schemaNamespace": "API",
             "output": {"schemaTypes": {"path": "Generated", "moduleType": {"embeddedInTarget": {"name": "App",
                        "accessModifier": "internal"}}},
                        "operations": {"absolute": {"path": "App/Operations"}},
                        "operationIdentifiersPath": "ids.json"}}
            """)
        #expect(embedded.schemaSearchPaths == ["**/*.graphqls"])
        #expect(embedded.operationSearchPaths == ["**/*.graphql"])
        #expect(embedded.schemaTypesPath == "Generated/Schema")
        #expect(embedded.operationsPath == "App/Operations")
        #expect(embedded.accessLevel == .internal)
        #expect(embedded.schemaTypesModule == nil)
        #expect(embedded.operationManifest == .init(path: "ids.json", format: .legacy))
        #expect(embedded.warnings.isEmpty)
        let relative = try ApolloConfigurationReaderHarness.parse(
            """
            {"schemaNamespace": "API", "input": {"operationSearchPaths": ["Feature/GraphQL/**/*.graphql"]},
             "output": {"schemaTypes": {"path": "API", "moduleType": {"other": {}}},
                        "operations": {"relative": {"subpath": "Generated"}}}}
            """)
        #expect(relative.operationsPath == "Feature/GraphQL/Generated")
        #expect(relative.schemaTypesModule == "API")
        #expect(relative.warnings.count == 1)
        #expect(relative.warnings.first?.severity == .warning)
    }

    @Test("the older key schemaName, trailing commas, Apollo 2.x's swiftPackage module type")
    func olderAndLaxerForms() throws {
        let configuration = try ApolloConfigurationReaderHarness.parse(
            """
            {
              "schemaName" : "PocketGraph",
              "input" : { "schemaSearchPaths" : ["schema.graphqls",], },
              "output" : {
                "schemaTypes" : { "path" : "./API", "moduleType" : { "swiftPackage" : { }, }, },
                "operations" : { "inSchemaModule" : {} },
              },
            }
            """)
        #expect(configuration.schemaNamespace == "PocketGraph")
        #expect(configuration.schemaSearchPaths == ["schema.graphqls"])
        #expect(configuration.schemaTypesPath == "./API/Sources/Schema")
        #expect(configuration.warnings.isEmpty)
    }

    @Test("a trailing comma is allowed once, not as an element or in place of a member")
    func trailingCommaBounds() throws {
        for text in [#"{"schemaNamespace": "A",,}"#, #"{"schemaNamespace": ["a",,]}"#, #"{,}"#, #"[,]"#] {
            #expect(throws: CompilerError.self, "\(text)") { try ApolloConfigurationReaderHarness.parse(text) }
        }
    }

    @Test("every Apollo key apicore does not honour is reported once, at the key, with what to use instead")
    func everyKeyReported() throws {
        let configuration = try ApolloConfigurationReaderHarness.parse(
            """
            {"schemaNamespace": "API",
             "output": {"schemaTypes": {"path": "API", "moduleType": {"swiftPackage": {"apolloSDKDependency": {}}}},
                        "testMocks": {"absolute": {"path": "Mocks", "accessModifier": "internal"}}},
             "options": {"schemaDocumentation": "exclude", "deprecatedEnumCases": "include",
                         "pruneGeneratedFiles": false, "apqs": "automaticallyPersist",
                         "conversionStrategies": {"enumCases": "none", "fieldAccessors": "camelCase"},
                         "markOperationDefinitionsAsFinal": true, "cocoapodsCompatibleImportStatements": true,
                         "queryStringLiteralFormat": "multiline", "additionalInflectionRules": [],
                         "schemaCustomization": {}, "warningsOnDeprecatedUsage": "exclude", "futureOption": 1},
             "operationManifest": {"path": "m.json", "generateManifestOnCodeGeneration": false},
             "schemaDownload": {"downloadMethod": {"apolloRegistry": {"graphID": "g"}}}}
            """)
        let messages = configuration.warnings.map(\.message)
        let keys = [
            "output.schemaTypes.moduleType.swiftPackage.apolloSDKDependency",
            "output.testMocks.absolute.accessModifier",
            "options.schemaDocumentation", "options.pruneGeneratedFiles", "options.apqs",
            "options.conversionStrategies.enumCases", "options.conversionStrategies.fieldAccessors",
            "options.cocoapodsCompatibleImportStatements",
            "options.queryStringLiteralFormat", "options.additionalInflectionRules", "options.schemaCustomization",
            "options.warningsOnDeprecatedUsage", "options.futureOption",
            "operationManifest.generateManifestOnCodeGeneration", "schemaDownload",
        ]
        #expect(messages.count == keys.count, "\(messages)")
        for key in keys {
            #expect(messages.filter { $0.contains("\"\(key)\"") }.count == 1, "\(key) in \(messages)")
        }
        #expect(messages.allSatisfy { $0.contains(": ") || $0.contains("is not a key of Apollo") })
        #expect(messages.contains { $0.contains("\"options.futureOption\" is not a key of Apollo iOS's") })
        #expect(configuration.warnings.allSatisfy { $0.severity == .warning && $0.locations.first?.line ?? 0 > 1 })
    }

    @Test("output.testMocks is honoured in each of Apollo's shapes, importing the module of the schema types")
    func testMocks() throws {
        func parse(
            _ mocks: String, moduleType: String = #"{"swiftPackageManager": {}}"#
        ) throws
            -> CodegenConfiguration
        {
            try ApolloConfigurationReaderHarness.parse(
                """
                {"schemaNamespace": "API",
                 "output": {"schemaTypes": {"path": "./API", "moduleType": \(moduleType)}, "testMocks": \(mocks)}}
                """)
        }
        let package = try parse(#"{"swiftPackage": {"targetName": "APIMocks"}}"#)
        #expect(package.testMocks == .init(path: "./API/APIMocks", schemaTypesModule: "API"))
        #expect(package.warnings.isEmpty)
        #expect(package.outputFolders.contains { $0.hasSuffix("/API/APIMocks") })
        let unnamed = try parse(#"{"swiftPackage": {}}"#)
        #expect(unnamed.testMocks == .init(path: "./API/APITestMocks", schemaTypesModule: "API"))
        let absolute = try parse(#"{"absolute": {"path": "Tests/Mocks"}}"#)
        #expect(absolute.testMocks == .init(path: "Tests/Mocks", schemaTypesModule: "API"))
        let embedded = try parse(
            #"{"absolute": {"path": "Mocks"}}"#, moduleType: #"{"embeddedInTarget": {"name": "MyApp"}}"#)
        #expect(embedded.testMocks == .init(path: "Mocks", schemaTypesModule: "MyApp"))
        let none = try parse(#"{"none": {}}"#)
        #expect(none.testMocks == nil)
        #expect(none.warnings.isEmpty)
    }

    @Test("no warning quotes a header value, a URL's credentials or its query values from the configuration")
    func secretsAreRedacted() throws {
        let secrets = ["s3cr3t-bearer-token", "hunter2", "k3y-in-query", "alice"]
        let configuration = try ApolloConfigurationReaderHarness.parse(
            """
            {"schemaNamespace": "API",
             "output": {"schemaTypes": {"path": "API", "moduleType": {"swiftPackageManager": {}}}},
             "schemaDownloadConfiguration": {
               "downloadMethod": {"introspection": {
                 "endpointURL": "https://alice:hunter2@api.example.com/graphql?api_key=k3y-in-query&v=2"}},
               "headers": [{"key": "Authorization", "value": "Bearer s3cr3t-bearer-token"},
                           {"key": "X-Client", "value": "hunter2"}],
               "outputPath": "schema.graphqls"}}
            """)
        let text = configuration.warnings.map(\.description).joined(separator: "\n")
        for secret in secrets { #expect(!text.contains(secret), "\(secret) in \(text)") }
        // A bare token in the query and a fragment are secrets too; a URL that does not parse is redacted whole.
        for (endpoint, shown) in [
            ("https://api.example.com/graphql?s3cr3t#access_token=t0k3n", "https://api.example.com/graphql?<redacted>"),
            ("https://api example.com/graphql?key=abc def", "<redacted>"),
        ] {
            let other = try ApolloConfigurationReaderHarness.parse(
                """
                {"schemaNamespace": "API",
                 "output": {"schemaTypes": {"path": "API", "moduleType": {"swiftPackageManager": {}}}},
                 "schemaDownload": {"downloadMethod": {"introspection": {"endpointURL": "\(endpoint)"}}}}
                """)
            let message = try #require(other.warnings.first?.message)
            #expect(message.contains("--endpoint \(shown)`"), "\(message)")
            for secret in ["s3cr3t", "t0k3n", "abc def"] { #expect(!message.contains(secret)) }
        }
        #expect(
            configuration.warnings.map(\.message) == [
                "The Apollo key \"schemaDownloadConfiguration\" is ignored: download the schema with `apicore "
                    + "fetch-schema --endpoint https://<redacted>:<redacted>@api.example.com/graphql?api_key=<redacted>"
                    + "&v=<redacted> --header 'Authorization: <redacted>' --header 'X-Client: <redacted>' --output "
                    + "schema.graphqls`."
            ])
    }

    @Test("experimental features turned off and default conversion strategies say nothing; the others are reported")
    func membersReportedOneByOne() throws {
        let quiet = try ApolloConfigurationReaderHarness.parse(
            """
            {"schemaNamespace": "API",
             "output": {"schemaTypes": {"path": "API", "moduleType": {"swiftPackageManager": {}}}},
             "options": {"conversionStrategies": {"enumCases": "camelCase"}},
             "experimentalFeatures": {"legacySafelistingCompatibleOperations": false,
                                      "clientControlledNullability": false, "fieldMerging": ["all"]}}
            """)
        #expect(quiet.warnings.isEmpty, "\(quiet.warnings)")
        let loud = try ApolloConfigurationReaderHarness.parse(
            """
            {"schemaNamespace": "API",
             "output": {"schemaTypes": {"path": "API", "moduleType": {"swiftPackageManager": {}}},
                        "operations": {"relative": {"subpath": "Generated", "extension": "swift"}}},
             "experimentalFeatures": {"clientControlledNullability": true, "fieldMerging": ["siblings"],
                                      "somethingNew": true}}
            """)
        let messages = loud.warnings.map(\.message)
        for key in [
            "experimentalFeatures.clientControlledNullability", "experimentalFeatures.fieldMerging",
            "experimentalFeatures.somethingNew", "output.operations.relative.extension",
        ] {
            #expect(messages.filter { $0.contains("\"\(key)\"") }.count == 1, "\(key) in \(messages)")
        }
    }

    @Test("schema types embedded in the app's target are internal unless the configuration says otherwise")
    func embeddedTypesAreInternal() throws {
        func parse(_ embedded: String) throws -> CodegenConfiguration {
            try ApolloConfigurationReaderHarness.parse(
                #"{"schemaNamespace": "API", "output": {"schemaTypes": {"path": "API", "moduleType": "#
                    + #"{"embeddedInTarget": \#(embedded)}}}}"#)
        }
        #expect(try parse(#"{"name": "App"}"#).accessLevel == .internal)
        #expect(try parse(#"{"name": "App", "accessModifier": "public"}"#).accessLevel == .public)
    }

    @Test("a search path that matches nothing is a located warning while another matches, an error when none does")
    func unmatchedSearchPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apollo-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("type Query { hello: String }\n".utf8).write(to: folder.appendingPathComponent("schema.graphqls"))
        try Data("query Hello { hello }\n".utf8).write(to: folder.appendingPathComponent("Hello.graphql"))
        func run(schemaPaths: String) throws -> CodeGenerator.Result {
            let path = folder.appendingPathComponent("apollo-codegen-config.json").path
            try Data(
                """
                {"schemaNamespace": "API",
                 "input": {"schemaSearchPaths": \(schemaPaths), "operationSearchPaths": ["./*.graphql"]},
                 "output": {"schemaTypes": {"path": "./Out", "moduleType": {"swiftPackageManager": {}}}}}
                """.utf8
            ).write(to: URL(fileURLWithPath: path))
            return try CodeGenerator().run(configuration: CodegenConfiguration.load(from: path))
        }
        let result = try run(schemaPaths: #"["./*.graphqls", "./Schemas/*.graphqls"]"#)
        #expect(result.files.contains { $0.path.hasSuffix("HelloQuery.graphql.swift") })
        #expect(
            result.warnings.map(\.description).contains(
                folder.appendingPathComponent("apollo-codegen-config.json").path
                    + ":2:50: warning: The schema search path \"./Schemas/*.graphqls\" matches no files; it is "
                    + "ignored, as another search path matches."))
        #expect {
            try run(schemaPaths: #"["./Schemas/*.graphqls", "./More/*.json"]"#)
        } throws: { error in
            "\(error)".contains(
                "error: No schema search path matches a file: \"./Schemas/*.graphqls\", \"./More/*.json\".")
        }
    }

    @Test("our own configuration with a typo is still ours, and its unknown key an error")
    func ownConfigurationStaysStrict() throws {
        let path = try Self.write(
            #"{"schemaNamespace": "A", "inputs": {}, "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}}"#,
            named: "apicore.json")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect {
            try CodegenConfiguration.load(from: path)
        } throws: { error in
            "\(error)".contains("error: Unknown key \"inputs\" at the top level")
        }
    }
}

/// Loads an Apollo configuration text through a temporary `apollo-codegen-config.json`.
enum ApolloConfigurationReaderHarness {
    static func parse(_ text: String) throws -> CodegenConfiguration {
        let path = try ApolloConfigurationTests.write(text, named: "apollo-codegen-config.json")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        return try CodegenConfiguration.load(from: path)
    }
}
