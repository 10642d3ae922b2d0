import APICoreCodegen
import APICoreCompiler
import APICoreTestSupport
import Foundation
import Testing

/// How `options.customScalars` maps custom scalars: built-in short names, a user's own types, and a warning for a
/// scalar the operations use that nothing maps.
@Suite("Custom scalar mapping", .cpuBound)
struct ScalarMappingTests {
    static let sdl = """
        scalar DateTime
        scalar Money
        scalar Opaque
        scalar Unused
        scalar Upload
        type Query { event(at: DateTime): Event }
        type Mutation { upload(file: Upload!): Boolean }
        type Event { at: DateTime! price: Money opaque: Opaque unused: Unused }
        """

    static let operations = """
        query Event($at: DateTime) { event(at: $at) { at price opaque } }
        mutation Upload($file: Upload!) { upload(file: $file) }
        """

    /// `text` without its lines that mention `Upload`: the schema without the file scalar, the operations without the
    /// mutation that uses it.
    static func withoutUploads(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.contains("Upload") }.joined(separator: "\n")
    }

    /// Runs the generator on a schema and operations (those above unless given), written to a fresh folder.
    static func run(
        customScalars: [String: String], sdl: String = sdl, operations: String = operations
    ) throws -> CodeGenerator.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scalars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(sdl.utf8).write(to: folder.appendingPathComponent("schema.graphqls"))
        try Data(operations.utf8).write(to: folder.appendingPathComponent("ops.graphql"))
        let configuration = CodegenConfiguration(
            schemaNamespace: "ScalarAPI", schemaSearchPaths: ["schema.graphqls"], operationSearchPaths: ["ops.graphql"],
            schemaTypesPath: "Schema", operationsPath: "Operations", customScalars: customScalars,
            accessLevel: .public, baseDirectory: folder.path)
        return try CodeGenerator().run(configuration: configuration)
    }

    static func file(_ suffix: String, in result: CodeGenerator.Result) -> String {
        result.files.first { $0.path.hasSuffix(suffix) }?.contents ?? ""
    }

    @Test("a scalar the operations use that no option maps is a warning naming it and the option, at its definition")
    func unmappedScalarWarning() throws {
        let result = try Self.run(customScalars: ["DateTime": "Date"])
        let unmapped = result.warnings.filter { $0.rule == "UnmappedCustomScalar" }
        // Money and Opaque are used and unmapped; Unused is not used, Upload is a file, DateTime is mapped.
        #expect(unmapped.count == 2)
        let money = try #require(unmapped.first { $0.message.contains("\"Money\"") })
        #expect(money.severity == .warning)
        #expect(money.message.contains("options.customScalars"))
        #expect(money.message.contains("generated as String"))
        #expect(money.locations.first?.line == 2)
        #expect(money.locations.first?.file.hasSuffix("schema.graphqls") == true)
        #expect(unmapped.contains { $0.message.contains("\"Opaque\"") })
        #expect(!unmapped.contains { $0.message.contains("\"Unused\"") || $0.message.contains("\"Upload\"") })

        let mapped = try Self.run(customScalars: ["DateTime": "Date", "Money": "Decimal", "Opaque": "JSON"])
        #expect(!mapped.warnings.contains { $0.rule == "UnmappedCustomScalar" })
    }

    @Test("built-in names become module-qualified types, and files import Foundation only when one needs it")
    func builtInNames() throws {
        let result = try Self.run(customScalars: ["DateTime": "Date", "Money": "Decimal", "Opaque": "JSON"])
        let schema = Self.file("Schema/ScalarAPI.graphql.swift", in: result)
        #expect(schema.contains("public typealias DateTime = Foundation.Date"))
        #expect(schema.contains("public typealias Money = Foundation.Decimal"))
        #expect(schema.contains("public typealias Opaque = APICoreGraphQL.JSONValue"))
        #expect(schema.contains("public typealias Upload = GraphQLFile"))
        #expect(schema.contains("import Foundation\n"))
        #expect(Self.file("Operations/EventQuery.graphql.swift", in: result).contains("import Foundation\n"))

        // A scalar named like the type it maps to still names the type, not itself.
        let own = try Self.run(customScalars: ["DateTime": "MyClock.Instant", "Money": "Int64", "Opaque": "URL"])
        let ownSchema = Self.file("Schema/ScalarAPI.graphql.swift", in: own)
        #expect(ownSchema.contains("public typealias DateTime = MyClock.Instant"))
        #expect(ownSchema.contains("public typealias Money = Swift.Int64"))
        #expect(ownSchema.contains("public typealias Opaque = Foundation.URL"))

        let plain = try Self.run(customScalars: ["DateTime": "MyClock.Instant", "Money": "Int64", "Opaque": "JSON"])
        #expect(!Self.file("Schema/ScalarAPI.graphql.swift", in: plain).contains("import Foundation"))
        #expect(!Self.file("Operations/EventQuery.graphql.swift", in: plain).contains("import Foundation"))
    }

    @Test(
        "files import APICoreScalars exactly when a scalar of the schema is mapped to a built-in type it declares",
        arguments: [
            (["DateTime": "Date"], true), (["Money": "Decimal"], true), (["Opaque": "URL"], true),
            (["Opaque": "UUID"], true), (["Money": "Int64"], true), (["Money": "UInt64"], true),
            (["DateTime": "CalendarDate"], true),
            // The types as generated code spells them, their own names, and the name earlier versions generated.
            (["DateTime": "Foundation.Date"], true), (["Money": "Swift.Int64"], true),
            (["DateTime": "GraphQLCalendarDate"], true), (["DateTime": "APICoreGraphQL.GraphQLCalendarDate"], true),
            (["Opaque": "JSON"], false), (["Opaque": "JSONValue"], false), (["DateTime": "MyClock.Instant"], false),
            (["DateTime": "MyClock.Date"], false),
            // A scalar the schema does not declare asks for nothing.
            (["Timestamp": "Date"], false), ([:], false),
        ])
    func scalarsModuleImport(customScalars: [String: String], imports: Bool) throws {
        // Without a file scalar, which alone makes files import the module (below).
        let result = try Self.run(
            customScalars: customScalars, sdl: Self.withoutUploads(Self.sdl),
            operations: Self.withoutUploads(Self.operations))
        for path in ["Schema/ScalarAPI.graphql.swift", "Operations/EventQuery.graphql.swift"] {
            let text = try #require(result.files.first { $0.path.hasSuffix(path) }?.contents, "\(path)")
            #expect(text.contains("import APICoreScalars") == imports, "\(path)")
            if imports { #expect(text.contains("import APICoreGraphQL\nimport APICoreScalars\n"), "\(path)") }
            // Generated code never needs the client's module.
            #expect(!text.contains("import APICoreJSON"), "\(path)")
        }
        let schema = Self.file("Schema/ScalarAPI.graphql.swift", in: result)
        if customScalars.values.contains(where: { $0.hasSuffix("CalendarDate") }) {
            #expect(schema.contains("public typealias DateTime = APICoreScalars.GraphQLCalendarDate"))
        }
        if customScalars.values.contains(where: { $0.hasPrefix("MyClock.") }) {
            #expect(schema.contains("public typealias DateTime = \(customScalars["DateTime"]!)"))
        }
    }

    @Test(
        "files import APICoreScalars, which holds GraphQLFile, exactly when the operations use a file scalar",
        arguments: [
            ([:], true),
            // `Upload` mapped to another type is not a file; a scalar mapped to `Upload` is, and `opaque` is selected.
            (["Upload": "JSON"], false), (["Upload": "JSON", "Opaque": "Upload"], true),
        ])
    func fileScalarImport(customScalars: [String: String], imports: Bool) throws {
        let result = try Self.run(customScalars: customScalars)
        for path in ["Schema/ScalarAPI.graphql.swift", "Operations/UploadMutation.graphql.swift"] {
            let text = try #require(result.files.first { $0.path.hasSuffix(path) }?.contents, "\(path)")
            #expect(text.contains("import APICoreGraphQL\nimport APICoreScalars\n") == imports, "\(path)")
        }
        let mutation = Self.file("Operations/UploadMutation.graphql.swift", in: result)
        #expect(mutation.contains("self.file.forEachFile(at: \"variables.file\", body)") == customScalars.isEmpty)

        // A schema that declares `Upload` for operations that do not use it asks for nothing.
        let unused = try Self.run(customScalars: customScalars, operations: Self.withoutUploads(Self.operations))
        for path in ["Schema/ScalarAPI.graphql.swift", "Operations/EventQuery.graphql.swift"] {
            let text = try #require(unused.files.first { $0.path.hasSuffix(path) }?.contents, "\(path)")
            #expect(text.contains("import APICoreScalars") == (customScalars["Opaque"] == "Upload"), "\(path)")
        }
    }
}
