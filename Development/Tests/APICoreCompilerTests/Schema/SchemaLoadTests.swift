import APICoreTestSupport
import Foundation
import Testing

@testable import APICoreCompiler

/// Loading from files and folders.
@Suite(.cpuBound) struct SchemaLoadTests {
    /// A fresh temporary folder with the given files (relative path to contents).
    private static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("schema-load-\(UUID().uuidString)", isDirectory: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private static func errors(_ paths: [String], options: SchemaBuildOptions = SchemaBuildOptions()) -> [String] {
        do {
            _ = try GraphQLSchema.load(paths: paths, options: options)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aFolderMergesItsSchemaFilesAtAnyDepthAndSkipsOperations() throws {
        let root = try Self.folder([
            "schema.graphqls": "type Query { user: User }",
            "types/user.graphql": "type User { id: ID! }",
            "types/more/extension.sdl": "extend type User { name: String }",
            "operations/GetUser.graphql": "query GetUser { user { id } }",
            "notes.txt": "not a schema",
            "schema.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try GraphQLSchema.load(paths: [root.path])
        #expect(schema.type(named: "User")?.fields.map(\.name) == ["id", "name"])
    }

    @Test func filesAndFoldersCombine() throws {
        let root = try Self.folder([
            "a/query.graphqls": "type Query { a: Int }",
            "b.graphqls": "extend type Query { b: Int }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try GraphQLSchema.load(
            paths: [root.appendingPathComponent("a").path, root.appendingPathComponent("b.graphqls").path])
        #expect(schema.type(named: "Query")?.fields.map(\.name) == ["a", "b"])
    }

    @Test func anOperationFileNamedExplicitlyIsAnErrorInAStrictBuild() throws {
        let root = try Self.folder(["schema.graphqls": "type Query { a: Int }", "op.graphql": "query { a }"])
        defer { try? FileManager.default.removeItem(at: root) }
        let operation = root.appendingPathComponent("op.graphql").path
        let paths = [root.appendingPathComponent("schema.graphqls").path, operation]
        #expect(
            Self.errors(paths, options: SchemaBuildOptions(isStrict: true)) == [
                "\(operation):1:1: error: A schema document cannot contain operations; move this query to an "
                    + "operation document."
            ])
        // graphql-js skips operations in a schema document: a warning by default.
        let schema = try GraphQLSchema.load(paths: paths)
        #expect(
            schema.warnings.map(\.description) == [
                "\(operation):1:1: warning: A schema document cannot contain operations, so this query is ignored, as "
                    + "graphql-js does. Move it to an operation document, or build with --strict to make it an error."
            ])
    }

    @Test func aJSONFileIsIntrospection() throws {
        let schema = try GraphQLSchema.load(paths: [SchemaTestSupport.corpusPath("starwars/schema.json")])
        #expect(schema.type(named: "Droid") != nil)
    }

    @Test func badPathsAreReported() throws {
        let root = try Self.folder(["empty/readme.md": "nothing", "schema.txt": "type Query { a: Int }"])
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = root.appendingPathComponent("missing.graphqls").path
        let empty = root.appendingPathComponent("empty").path
        let text = root.appendingPathComponent("schema.txt").path
        #expect(
            Self.errors([missing]) == [
                "\(missing):1:1: error: No such file or folder: \(missing). Check the schema path."
            ])
        #expect(
            Self.errors([empty]) == [
                "\(empty):1:1: error: The folder \(empty) holds no schema files (.graphqls, .graphql, .sdl). Pass an "
                    + "introspection .json file by its own path."
            ])
        #expect(
            Self.errors([text]) == [
                "\(text):1:1: error: Unsupported schema file \(text): use .graphqls, .graphql or .sdl for SDL, .json "
                    + "for introspection."
            ])
    }

    @Test func introspectionJSONCannotBeMixedWithSDL() {
        let json = SchemaTestSupport.corpusPath("starwars/schema.json")
        let sdl = SchemaTestSupport.corpusPath("starwars/schema.graphqls")
        #expect(
            Self.errors([json, sdl]) == [
                "\(json):1:1: error: Cannot combine introspection JSON with other schema files; pass either one "
                    + ".json file, or SDL files and folders."
            ])
    }
}
