import Foundation

extension GraphQLSchema {
    /// Loads a schema from files and folders.
    ///
    /// A `.graphqls`, `.graphql` or `.sdl` file is SDL; a folder contributes all such files inside it, at any depth,
    /// in path order, leaving out files that hold only operations and fragments. All SDL is merged into one schema
    /// (see ``build(from:options:)``). A `.json` file is an introspection result (see
    /// ``build(introspection:file:options:)``) and must be the only path.
    ///
    /// - Throws: a missing or unreadable path, an unsupported extension, a folder without schema files, a mix of
    ///   introspection JSON and SDL, or the errors of the build.
    public static func load(
        paths: [String],
        options: SchemaBuildOptions = SchemaBuildOptions()
    ) throws(CompilerError) -> GraphQLSchema {
        let files = try SchemaFileCollector.collect(paths)
        if let json = files.introspection {
            guard files.sdl.isEmpty, files.introspectionCount == 1 else {
                throw SchemaFileCollector.failure(
                    "Cannot combine introspection JSON with other schema files; pass either one .json file, or SDL "
                        + "files and folders.",
                    at: json)
            }
            return try build(introspection: try SchemaFileCollector.read(json), file: json, options: options)
        }
        let sources = try files.sdl.map { file throws(CompilerError) in
            Source(name: file.path, text: try SchemaFileCollector.readText(file.path))
        }
        var documents: [Document] = []
        for (file, document) in zip(files.sdl, try Parser.parse(sources)) {
            let onlyExecutable = !document.definitions.isEmpty && document.definitions.allSatisfy(\.isExecutable)
            if file.isFromFolder && onlyExecutable { continue }
            documents.append(document)
        }
        return try SDLSchemaBuilder.build(
            documents: documents, options: options,
            fallbackLocation: SchemaSourceParsing.start(of: files.sdl.first?.path ?? paths.first ?? "<schema>"))
    }
}

/// Finds the schema files that paths name.
enum SchemaFileCollector {
    /// An SDL file, and whether it was found in a folder (rather than named itself).
    struct SDLFile {
        var path: String
        var isFromFolder: Bool
    }

    /// The files found.
    struct Files {
        var sdl: [SDLFile] = []
        var introspection: String?
        var introspectionCount = 0
    }

    static let sdlExtensions: Set<String> = ["graphqls", "graphql", "sdl"]

    static func collect(_ paths: [String]) throws(CompilerError) -> Files {
        var files = Files()
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw failure("No such file or folder: \(path). Check the schema path.", at: path)
            }
            if isFolder.boolValue {
                let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { sdlExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                    .sorted()
                guard !found.isEmpty else {
                    throw failure(
                        "The folder \(path) holds no schema files (.graphqls, .graphql, .sdl). Pass an introspection "
                            + ".json file by its own path.",
                        at: path)
                }
                files.sdl += found.map {
                    SDLFile(path: (path as NSString).appendingPathComponent($0), isFromFolder: true)
                }
                continue
            }
            let pathExtension = (path as NSString).pathExtension.lowercased()
            if pathExtension == "json" {
                files.introspection = files.introspection ?? path
                files.introspectionCount += 1
            } else if sdlExtensions.contains(pathExtension) {
                files.sdl.append(SDLFile(path: path, isFromFolder: false))
            } else {
                throw failure(
                    "Unsupported schema file \(path): use .graphqls, .graphql or .sdl for SDL, .json for introspection.",
                    at: path)
            }
        }
        return files
    }

    static func read(_ path: String) throws(CompilerError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw failure("Cannot read \(path). Check that it is a readable file.", at: path)
        }
        return data
    }

    static func readText(_ path: String) throws(CompilerError) -> String {
        guard let text = String(data: try read(path), encoding: .utf8) else {
            throw failure("\(path) is not UTF-8 text. Save it as UTF-8.", at: path)
        }
        return text
    }

    static func failure(_ message: String, at path: String) -> CompilerError {
        CompilerError(Diagnostic(.error, message, at: [SchemaSourceParsing.start(of: path)], rule: "SchemaFiles"))
    }
}
