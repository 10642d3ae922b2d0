import Foundation
import PackagePlugin

/// Runs `apicore-generate` (the `apicore generate` command on its own) for a target whose folder holds an `apicore.json` (or, without one, an Apollo iOS
/// `apollo-codegen-config.json`), and adds the generated Swift to the target's sources.
///
/// The command's inputs are the configuration and every schema and operation file its search paths match, so the
/// build regenerates when any of them changes (and the plugin, re-evaluated on each build, picks up new files). Its
/// output is one file in the plugin's work folder: a build command must name its outputs before it runs, and the
/// names of per-operation files depend on the documents. The target must depend on `APICoreGraphQL` (or `APICoreKit`),
/// and on `APICoreScalars` too when the configuration maps a scalar to a built-in type (`Date`, `Int64`, ...), the
/// operations use a file scalar (`Upload`) or a fragment declares variables.
@main
struct APICoreCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let candidates = ["apicore.json", SearchPaths.apolloConfigurationName].map {
            target.directoryURL.appending(path: $0)
        }
        guard
            let configuration = candidates.first(where: {
                FileManager.default.fileExists(atPath: $0.path(percentEncoded: false))
            })
        else { return [] }
        return [
            try Self.generate(
                target: target.name, configuration: configuration,
                tool: try context.tool(named: "apicore-generate").url,
                workDirectory: context.pluginWorkDirectoryURL)
        ]
    }

    /// The command that generates the code of `target` from `configuration` into one file in `workDirectory`.
    static func generate(target: String, configuration: URL, tool: URL, workDirectory: URL) throws -> Command {
        let output = workDirectory.appending(path: "\(target).graphql.swift")
        return .buildCommand(
            displayName: "Generating GraphQL code for \(target)",
            executable: tool,
            arguments: [
                "--config", configuration.path(percentEncoded: false), "--combined-output",
                output.path(percentEncoded: false),
            ],
            inputFiles: [configuration] + (try SearchPaths.inputFiles(of: configuration)),
            outputFiles: [output])
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    // An Xcode app target (not a package): Xcode only, so it is not compiled on Linux. An Xcode target has no folder
    // of its own, so its configuration is the `apicore.json` (or Apollo's file) among the files the target holds.
    extension APICoreCodegenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let names = ["apicore.json", SearchPaths.apolloConfigurationName]
            guard let configuration = target.inputFiles.first(where: { names.contains($0.url.lastPathComponent) })
            else { return [] }
            return [
                try Self.generate(
                    target: target.displayName, configuration: configuration.url,
                    tool: try context.tool(named: "apicore-generate").url,
                    workDirectory: context.pluginWorkDirectoryURL)
            ]
        }
    }
#endif

/// The files a configuration names through `input.schemaSearchPaths` and `input.operationSearchPaths`; an Apollo
/// configuration without them searches the whole folder, as Apollo does.
enum SearchPaths {
    static let apolloConfigurationName = "apollo-codegen-config.json"

    static func inputFiles(of configuration: URL) throws -> [URL] {
        let data = try Data(contentsOf: configuration)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let input = json?["input"] as? [String: Any] ?? [:]
        let isApollo = configuration.lastPathComponent == apolloConfigurationName
        let schemaDefault = isApollo ? ["**/*.graphqls"] : []
        let operationDefault = isApollo ? ["**/*.graphql"] : []
        let patterns =
            (input["schemaSearchPaths"] as? [String] ?? schemaDefault)
            + (input["operationSearchPaths"] as? [String] ?? operationDefault)
        let base = configuration.deletingLastPathComponent()
        var files: [URL] = []
        for pattern in patterns {
            files += matches(pattern, base: base).filter { !files.contains($0) }
        }
        return files
    }

    /// The files under `base` matching `pattern`, where `*` matches within a path component and `**/` any folders.
    static func matches(_ pattern: String, base: URL) -> [URL] {
        let absolute =
            pattern.hasPrefix("/")
            ? pattern : base.appending(path: pattern).standardizedFileURL.path(percentEncoded: false)
        guard absolute.contains("*") || absolute.contains("?") else {
            return FileManager.default.fileExists(atPath: absolute) ? [URL(fileURLWithPath: absolute)] : []
        }
        // Walk from the last folder before the first wildcard.
        let components = absolute.split(separator: "/", omittingEmptySubsequences: false)
        let firstWildcard = components.firstIndex { $0.contains("*") || $0.contains("?") } ?? components.count
        let root = components[..<firstWildcard].joined(separator: "/")
        guard let expression = try? Regex("^" + regexSource(absolute) + "$"),
            let enumerator = FileManager.default.enumerator(atPath: root)
        else { return [] }
        var found: [URL] = []
        while let relative = enumerator.nextObject() as? String {
            let path = root + "/" + relative
            if (try? expression.wholeMatch(in: path)) != nil { found.append(URL(fileURLWithPath: path)) }
        }
        return found.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
    }

    private static func regexSource(_ glob: String) -> String {
        var source = ""
        var characters = Substring(glob)
        while let character = characters.first {
            if characters.hasPrefix("**/") {
                source += "(?:.*/)?"
                characters = characters.dropFirst(3)
                continue
            }
            characters = characters.dropFirst()
            switch character {
            case "*": source += "[^/]*"
            case "?": source += "[^/]"
            case ".", "(", ")", "[", "]", "{", "}", "+", "^", "$", "|", "\\": source += "\\" + String(character)
            default: source.append(character)
            }
        }
        return source
    }
}
