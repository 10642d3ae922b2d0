import APICoreCodegen
import APICoreCompiler
import Testing

@Suite("Codegen configuration")
struct ConfigurationTests {
    @Test("the documented file with exactly the issue's keys reads, paths relative to the file")
    func issueExample() throws {
        let text = """
            {"schemaNamespace": "GitHubGraphQL", "input": {"schemaSearchPaths": ["schema.graphqls"],
            "operationSearchPaths": ["ops/**/*.graphql"]}, "output": {"schemaTypes": {"path": "Sources/GitHubGraphQL/Schema"},
            "operations": {"path": "Sources/GitHubGraphQL/Operations"}}, "options": {"customScalars": {"Long": "Int64"}}}
            """
        let configuration = try CodegenConfiguration.parse(text, file: "/kit/apicore.json", baseDirectory: "/kit")
        #expect(configuration.schemaNamespace == "GitHubGraphQL")
        #expect(configuration.operationSearchPaths == ["ops/**/*.graphql"])
        #expect(configuration.customScalars == ["Long": "Int64"])
        #expect(configuration.accessLevel == .public)
        #expect(
            configuration.outputFolders == [
                "/kit/Sources/GitHubGraphQL/Schema", "/kit/Sources/GitHubGraphQL/Operations",
            ])
        #expect(configuration.schemaTypesModule == nil)
        #expect(configuration.testMocks == nil)
    }

    @Test("selection-set initializers are off unless asked for, as a Boolean or as Apollo's object of kinds")
    func selectionSetInitializers() throws {
        func parse(_ options: String) throws -> CodegenConfiguration {
            try CodegenConfiguration.parse(
                #"""
                {"schemaNamespace": "A", "input": {"schemaSearchPaths": [], "operationSearchPaths": []},
                 "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}, "options": {\#(options)}}
                """#, file: "apicore.json", baseDirectory: ".")
        }
        #expect(try !parse("").selectionSetInitializers)
        #expect(try parse(#""selectionSetInitializers": true"#).selectionSetInitializers)
        #expect(try !parse(#""selectionSetInitializers": false"#).selectionSetInitializers)
        #expect(try parse(#""selectionSetInitializers": {"namedFragments": true}"#).selectionSetInitializers)
        #expect(try parse(#""selectionSetInitializers": {"definitionsNamed": ["Hero"]}"#).selectionSetInitializers)
        #expect(try !parse(#""selectionSetInitializers": {"operations": false}"#).selectionSetInitializers)
        #expect {
            try parse(#""selectionSetInitializers": {"operations": "yes"}"#)
        } throws: { error in
            "\(error)".contains("\"options.selectionSetInitializers.operations\" must be true or false")
        }
    }

    @Test("output.testMocks takes Apollo's shapes: none, absolute, swiftPackage; the mocks import the schema module")
    func testMocks() throws {
        func parse(_ mocks: String, schemaTypes: String = #"{"path": "S"}"#) throws -> CodegenConfiguration {
            try CodegenConfiguration.parse(
                #"""
                {"schemaNamespace": "A", "input": {"schemaSearchPaths": [], "operationSearchPaths": []},
                 "output": {"schemaTypes": \#(schemaTypes), "operations": {"path": "O"}, "testMocks": \#(mocks)}}
                """#, file: "apicore.json", baseDirectory: "/kit")
        }
        #expect(try parse(#"{"none": {}}"#).testMocks == nil)
        let absolute = try parse(#"{"absolute": {"path": "Tests/Mocks", "schemaTypesModule": "AKit"}}"#)
        #expect(absolute.testMocks == .init(path: "Tests/Mocks", schemaTypesModule: "AKit"))
        #expect(absolute.outputFolders == ["/kit/S", "/kit/O", "/kit/Tests/Mocks"])
        // The schema types' folder names no SwiftPM target: the mocks must say what they import.
        #expect {
            try parse(#"{"swiftPackage": {"targetName": "AMocks"}}"#)
        } throws: { error in
            "\(error)".contains(
                "\"output.testMocks.swiftPackage\" puts the test mocks in \"Sources/AMocks\", outside the schema types' "
                    + "folder \"S\", which is in no SwiftPM target folder (Sources/<Target>/): add \"schemaTypesModule\""
            )
        }
        let package = try parse(#"{"swiftPackage": {"targetName": "AMocks", "schemaTypesModule": null}}"#)
        #expect(package.testMocks == .init(path: "Sources/AMocks", schemaTypesModule: nil))
        // Inferred from a SwiftPM layout: a target of their own imports the schema types' target; inside it, none.
        let beside = try parse(
            #"{"absolute": {"path": "Sources/AppMocks"}}"#, schemaTypes: #"{"path": "./Sources/App/Schema"}"#)
        #expect(beside.testMocks == .init(path: "Sources/AppMocks", schemaTypesModule: "App"))
        let tests = try parse(
            #"{"absolute": {"path": "Tests/AppTests/Mocks"}}"#, schemaTypes: #"{"path": "Sources/App/Schema"}"#)
        #expect(tests.testMocks?.schemaTypesModule == "App")
        let inside = try parse(
            #"{"absolute": {"path": "Sources/App/Mocks"}}"#, schemaTypes: #"{"path": "Sources/App/Schema"}"#)
        #expect(inside.testMocks == .init(path: "Sources/App/Mocks", schemaTypesModule: nil))
        let nested = try parse(#"{"absolute": {"path": "S/Mocks"}}"#)
        #expect(nested.testMocks == .init(path: "S/Mocks", schemaTypesModule: nil))
        // Paths are resolved against the configuration's folder: a configuration inside a target's folder works too.
        let inKit = try CodegenConfiguration.parse(
            #"""
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": [], "operationSearchPaths": []},
             "output": {"schemaTypes": {"path": "GraphQL/Schema"}, "operations": {"path": "GraphQL/Operations"},
                        "testMocks": {"absolute": {"path": "../../Tests/KitMocks"}}}}
            """#, file: "apicore.json", baseDirectory: "/package/Sources/Kit")
        #expect(inKit.testMocks == .init(path: "../../Tests/KitMocks", schemaTypesModule: "Kit"))
        // A folder named Tests inside the schema types' target is still that target.
        let testsFolder = try parse(
            #"{"absolute": {"path": "Sources/App/Tests/Mocks"}}"#, schemaTypes: #"{"path": "Sources/App/Schema"}"#)
        let testsFolderMocks = try #require(testsFolder.testMocks)
        #expect(testsFolderMocks.schemaTypesModule == nil)
        let shared = try parse(
            #"{"swiftPackage": {"targetName": "AMocks"}}"#, schemaTypes: #"{"path": "S", "module": "Shared"}"#)
        #expect(shared.testMocks == .init(path: "Sources/AMocks", schemaTypesModule: "Shared"))
        #expect {
            try parse(#"{"absolute": {"path": "M"}, "none": {}}"#)
        } throws: { error in
            "\(error)".contains("must have one of")
        }
        #expect {
            try parse(#"{"swiftPackage": {"target": "M"}}"#)
        } throws: { error in
            "\(error)".contains("target")
        }
    }

    @Test("unknown keys and wrong types are errors at their line and column")
    func locatedErrors() {
        let unknown = #"{"schemaNamespace": "A",\n  "inputs": {}}"#.replacingOccurrences(of: "\\n", with: "\n")
        #expect {
            try CodegenConfiguration.parse(unknown, file: "apicore.json", baseDirectory: ".")
        } throws: { error in
            "\(error)".hasPrefix("apicore.json:2:3: error: Unknown key \"inputs\" at the top level")
        }
        let wrongType = #"""
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": "schema.graphqls", "operationSearchPaths": []},
             "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}}
            """#
        #expect {
            try CodegenConfiguration.parse(wrongType, file: "apicore.json", baseDirectory: ".")
        } throws: { error in
            "\(error)".hasPrefix(
                "apicore.json:1:57: error: \"input.schemaSearchPaths\" must be an array of strings, not a string")
        }
        let level = #"""
            {"schemaNamespace": "A", "input": {"schemaSearchPaths": [], "operationSearchPaths": []},
             "output": {"schemaTypes": {"path": "S"}, "operations": {"path": "O"}}, "options": {"accessLevel": "open"}}
            """#
        #expect(throws: CompilerError.self) {
            try CodegenConfiguration.parse(level, file: "apicore.json", baseDirectory: ".")
        }
    }

    @Test("a kit names the shared schema-types module instead of a path; the shared kit may leave out operations")
    func sharedSchemaTypes() throws {
        let kit = """
            {"schemaNamespace": "SharedAPI", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"module": "SharedKit"}, "operations": {"path": "Operations"}}}
            """
        let configuration = try CodegenConfiguration.parse(kit, file: "apicore.json", baseDirectory: "/kit")
        #expect(configuration.schemaTypesPath == nil)
        #expect(configuration.schemaTypesModule == "SharedKit")
        #expect(configuration.outputFolders == ["/kit/Operations"])
        let shared = """
            {"schemaNamespace": "SharedAPI", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]},
             "output": {"schemaTypes": {"path": "Schema"}}}
            """
        let sharedConfiguration = try CodegenConfiguration.parse(shared, file: "apicore.json", baseDirectory: "/shared")
        #expect(sharedConfiguration.outputFolders == ["/shared/Schema"])
        let neither = kit.replacingOccurrences(of: #"{"module": "SharedKit"}"#, with: "{}")
        #expect {
            try CodegenConfiguration.parse(neither, file: "apicore.json", baseDirectory: ".")
        } throws: { error in
            "\(error)".hasPrefix(
                "apicore.json:2:28: error: \"output.schemaTypes\" needs a \"path\" to generate the schema types into")
        }
        let nothing = kit.replacingOccurrences(of: #", "operations": {"path": "Operations"}"#, with: "")
        #expect {
            try CodegenConfiguration.parse(nothing, file: "apicore.json", baseDirectory: ".")
        } throws: { error in
            "\(error)".hasPrefix("apicore.json:2:12: error: \"output\" generates nothing")
        }
    }
}
