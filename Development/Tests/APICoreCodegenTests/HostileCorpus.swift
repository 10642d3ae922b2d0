import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// One random case of `Tests/Oracle/hostile_corpus.py`: a schema, its documents and a response to one query.
struct HostileCorpus: Sendable {
    struct Response: Sendable {
        var operation: String
        var variables: String
        var data: String
    }

    var seed: Int
    var namespace: String
    var schema: String
    var documents: [(name: String, text: String)]
    var response: Response

    static let root = CorpusSet.root

    /// The module of case `index` in the scratch package.
    static func moduleName(_ index: Int) -> String { "HostileCase\(index)" }

    /// The cases graphql-core drew and checked for `seed`, through the oracle's environment (bootstrapped first; a
    /// failure to bootstrap fails the test).
    static func load(seed: Int, count: Int) async throws -> [HostileCorpus] {
        let bootstrap = try await ChildProcess.run(["bash", root + "/../scripts/bootstrap-python.sh", "oracle"])
        try #require(bootstrap.status == 0, "scripts/bootstrap-python.sh oracle failed")
        let output = try await ChildProcess.run([
            root + "/../.venv-oracle/bin/python", root + "/Tests/Oracle/hostile_corpus.py", "--seed", "\(seed)",
            "--cases", "\(count)",
        ])
        try #require(output.status == 0, "hostile_corpus.py failed")
        let json = try JSONSerialization.jsonObject(with: output.output)
        let cases = try #require((json as? [String: Any])?["cases"] as? [[String: Any]])
        return try cases.map(HostileCorpus.init)
    }

    init(_ json: [String: Any]) throws {
        seed = try #require(json["seed"] as? Int)
        namespace = try #require(json["namespace"] as? String)
        schema = try #require(json["schema"] as? String)
        let documents = try #require(json["documents"] as? [String: String])
        self.documents = documents.keys.sorted().map { ($0, documents[$0]!) }
        let response = try #require(json["response"] as? [String: Any])
        func text(_ value: Any?) throws -> String {
            let data = try JSONSerialization.data(withJSONObject: value ?? [:], options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        self.response = Response(
            operation: try #require(response["operation"] as? String), variables: try text(response["variables"]),
            data: try text(response["data"]))
    }

    /// Generates the case into `folder` (`Schema/`, `Operations/` and `Mocks/`), removing what an earlier run left
    /// there.
    func generate(into folder: String) throws -> [GeneratedFile] {
        let schema = try GraphQLSchema.build(from: [Source(name: "schema.graphqls", text: self.schema)])
        let documents = try documents.map { try Parser.parse(Source(name: $0.name, text: $0.text)) }
        var configuration = CodegenConfiguration(
            schemaNamespace: namespace, schemaSearchPaths: [], operationSearchPaths: [],
            schemaTypesPath: folder + "/Schema", operationsPath: folder + "/Operations", baseDirectory: "/")
        // Initializers name a parameter after every field: the awkward names must compile there too.
        configuration.selectionSetInitializers = true
        // Test mocks name a property and a parameter after every selected field, and a builder after every type.
        configuration.testMocks = .init(path: folder + "/Mocks")
        // A namespace that would hide a type generated code uses is refused, with what to choose instead.
        if CodegenConfiguration.namespaceProblem(namespace) != nil {
            #expect {
                try CodeGenerator().generate(schema: schema, documents: documents, configuration: configuration)
            } throws: { error in
                "\(error)".contains("The schema namespace cannot be \"\(namespace)\"")
            }
            configuration.schemaNamespace = namespace + "API"
        }
        let files = try CodeGenerator().generate(schema: schema, documents: documents, configuration: configuration)
        _ = try GeneratedFileWriter(folders: configuration.outputFolders).write(files)
        return files
    }

    /// The check of the case's response: a file of the checks executable with one function, which decodes the
    /// response through the generated operation, decodes its data again, and compares.
    func check(module: String, files: [GeneratedFile]) throws -> String {
        // A GraphQL name needs no escaping in a string literal.
        let marker = "static var operationName: String { \"\(response.operation)\" }\n"
        let file = try #require(
            files.first { $0.contents.contains(marker) }, "case \(seed): no operation \(response.operation)")
        let declaration = try #require(
            file.contents.split(separator: "\n").first { $0.hasPrefix("public nonisolated struct ") },
            "case \(seed): no struct in \(file.path)")
        let typeName = declaration.dropFirst("public nonisolated struct ".count).prefix { $0 != ":" }
        let root = try rootBuilder(of: file.contents, in: files)
        return """
            import APICoreGraphQL
            import APICoreJSON
            import APICoreTestMocks
            import \(module)

            func check\(module)() throws -> String {
                let data = try APICoreJSON.JSONReader().read(Array(\(Self.literal(response.data)).utf8))
                let variables = try APICoreJSON.JSONReader().read(Array(\(Self.literal(response.variables)).utf8))
                guard case .object(let object) = data, case .object(let sent) = variables else {
                    fatalError("case \(seed): not objects")
                }
                // Variables left out take the operation's defaults, as the client sends them.
                var arguments = \(typeName).variableDefaults
                for (key, value) in zip(sent.keys, sent.values) { arguments[key] = value }
                let decoded = try \(typeName).Data(data: object, variables: arguments)
                let again = try \(typeName).Data(data: decoded.__data, variables: arguments)
                precondition(decoded == again && decoded.__data == object, "case \(seed): decodes differently")
                // The root's test-mock builder with nothing set: every field a placeholder, which must decode.
                let mocked = try \(typeName).Data(mock: \(root)(), variables: arguments)
                let reread = try \(typeName).Data(data: mocked.__data, variables: arguments)
                precondition(mocked == reread, "case \(seed): the mocked data decodes differently")
                return "case \(seed): decoded \(response.operation)"
            }

            """
    }

    /// The test-mock builder of the root type of the operation in `operation`, qualified (`IntAPIMocks.Query_`):
    /// found through the Swift name of its `Data`'s parent type, the schema name the namespace gives it, and the
    /// builder whose `__typename` that is.
    func rootBuilder(of operation: String, in files: [GeneratedFile]) throws -> String {
        let lines = { (text: String) in text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }
        let parentLine = try #require(
            lines(operation).first { $0.contains("class var __parentType: GraphQLParentType { ") },
            "case \(seed): no parent type")
        let swiftName = try #require(parentLine.components(separatedBy: ".Objects.").last?.dropLast(2))
        let declaration = "static var \(swiftName): GraphQLParentType { .object(\""
        let schemaLine = try #require(
            files.lazy.flatMap { lines($0.contents) }.first { $0.contains(declaration) },
            "case \(seed): no parent type \(swiftName)")
        let schemaName = try #require(schemaLine.components(separatedBy: "\"").dropFirst().first)
        let mocks = try #require(files.first { $0.path.contains("/Mocks/") }.map { lines($0.contents) })
        let namespace = try #require(mocks.first { $0.hasPrefix("public nonisolated enum ") }?.split(separator: " ")[3])
        let typename = try #require(
            mocks.firstIndex(of: "public static var __typename: String { \"\(schemaName)\" }"),
            "case \(seed): no builder of \(schemaName)")
        let builder = mocks[typename - 1].dropFirst("public nonisolated struct ".count).prefix { $0 != ":" }
        return "\(namespace).\(builder)"
    }

    /// A raw Swift string literal holding `text`.
    static func literal(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }

    /// The scratch package: `APICoreGraphQL` (a link to the runtime's sources), one module per case, and the checks.
    static func writePackage(at path: String, modules: [String]) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: path + "/Sources", withIntermediateDirectories: true)
        try linkRuntime(into: path)
        let names = modules.map { "\"\($0)\"" }.joined(separator: ", ")
        let manifest = """
            // swift-tools-version: 6.0
            // Written by HostileNamesTests: random hostile-name cases, each generated into a module.
            import PackageDescription

            let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
            let cases = [\(names)]
            let package = Package(
                name: "HostileNames",
                platforms: [.macOS(.v14), .iOS(.v17)],
                targets: [
            \(runtimeTargets)
                ]
                    + cases.map {
                        .target(name: $0, dependencies: ["APICoreGraphQL", "APICoreTestMocks"], swiftSettings: strict)
                    }
                    + [.executableTarget(
                        name: "HostileChecks",
                        dependencies: ["APICoreGraphQL", "APICoreJSON", "APICoreTestMocks"]
                            + cases.map { .byName(name: $0) },
                        swiftSettings: strict)],
                swiftLanguageModes: [.v6]
            )

            """
        try write(manifest, to: path + "/Package.swift")
        // Modules of an earlier run with more cases.
        for folder in try manager.contentsOfDirectory(atPath: path + "/Sources")
        where folder.hasPrefix("HostileCase") && !modules.contains(folder) {
            try manager.removeItem(atPath: path + "/Sources/" + folder)
        }
    }

    /// The checks executable: one file per case and a `main.swift` that runs them in order.
    static func writeChecks(_ checks: [String], modules: [String], at path: String) throws {
        let folder = path + "/Sources/HostileChecks"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (check, module) in zip(checks, modules) {
            try write(check, to: "\(folder)/Check\(module).swift")
        }
        let calls = modules.map { "print(try check\($0)())" }.joined(separator: "\n")
        try write(calls + "\n", to: folder + "/main.swift")
    }

    /// Links the sources of the runtime, of the JSON module (which the checks and the test-mock support use) with the
    /// built-in scalars it depends on, and of the test-mock support into a scratch package at `path`, as folders
    /// `APICoreGraphQL`, `APICoreScalars`, `APICoreJSON` and `APICoreTestMocks`, which ``runtimeTargets`` declares.
    static func linkRuntime(into path: String) throws {
        for module in ["APICoreGraphQL", "APICoreScalars", "APICoreJSON", "APICoreTestMocks"] {
            let link = "\(path)/\(module)"
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil {
                try FileManager.default.createSymbolicLink(
                    atPath: link, withDestinationPath: root + "/../Sources/" + module)
            }
        }
    }

    /// The manifest's targets of the linked runtime, with warnings as errors (`strict`), indented for a `targets`
    /// list.
    static let runtimeTargets = """
                .target(name: "APICoreGraphQL", path: "APICoreGraphQL", swiftSettings: strict),
                .target(
                    name: "APICoreScalars", dependencies: ["APICoreGraphQL"], path: "APICoreScalars",
                    swiftSettings: strict),
                .target(
                    name: "APICoreJSON", dependencies: ["APICoreGraphQL", "APICoreScalars"], path: "APICoreJSON",
                    swiftSettings: strict),
                .target(
                    name: "APICoreTestMocks", dependencies: ["APICoreGraphQL", "APICoreJSON"],
                    path: "APICoreTestMocks", swiftSettings: strict),
        """

    /// Writes `text` unless the file holds it already, so that unchanged files do not rebuild.
    static func write(_ text: String, to path: String) throws {
        if FileManager.default.contents(atPath: path) == Data(text.utf8) { return }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
