import APICoreCompiler

/// Reads an Apollo iOS `apollo-codegen-config.json` (1.x or 2.x) as a ``CodegenConfiguration``, so a team can move
/// over without rewriting its configuration.
///
/// Keys with an equivalent are mapped: `schemaNamespace` (or its older name `schemaName`), `input.schemaSearchPaths`
/// and `input.operationSearchPaths` (with Apollo's defaults), `output.schemaTypes.path` and `moduleType`
/// (`swiftPackageManager` and 2.x's `swiftPackage` put the files under `Sources/`; types `embeddedInTarget` are
/// internal unless its `accessModifier` says otherwise), `output.operations` (`inSchemaModule`, `relative`, `absolute`: outside the schema module,
/// operations import the module named after the namespace), `operationManifest` (or the older
/// `output.operationIdentifiersPath`), and apicore's own `options.customScalars`, `options.operationIdentifiers`
/// (Apollo's ids by default here, so the server's safelist keeps working) and `options.addKeyFields` (off by default
/// when the configuration writes an operation manifest, for the same reason). Every other key is in
/// ``ApolloConfigurationKeys``: accepted silently when apicore does what it asks, else reported once as a warning at
/// the key saying what to use instead; a key Apollo does not know is reported too. None is an error. The file may
/// have trailing commas, as Apollo's tool allows.
enum ApolloConfigurationReader {
    /// Whether `text` is an Apollo configuration: it has Apollo-only keys (`output.schemaTypes.moduleType`,
    /// `output.operations.inSchemaModule`/`relative`/`absolute`, top-level `operationManifest`...).
    static func isApolloConfiguration(_ text: String, file: String) throws(CompilerError) -> Bool {
        if file.hasSuffix("apollo-codegen-config.json") { return true }
        let root = ConfigurationReader(try LocatedJSON.parse(text, file: file), path: "")
        guard case .object = root.value.kind else { return false }
        let apolloKeys: Set<String> = [
            "schemaName", "operationManifest", "experimentalFeatures", "schemaDownload", "schemaDownloadConfiguration",
        ]
        if try root.members().contains(where: { apolloKeys.contains($0.key) }) { return true }
        guard let output = try root.optional("output"), case .object = output.value.kind else { return false }
        if let schemaTypes = try output.optional("schemaTypes"), case .object = schemaTypes.value.kind,
            try schemaTypes.optional("moduleType") != nil
        {
            return true
        }
        if let operations = try output.optional("operations"), case .object = operations.value.kind,
            try operations.optional("path") == nil
        {
            return true
        }
        return try output.optional("operationIdentifiersPath") != nil
    }

    /// Parses an Apollo configuration reported as `file`.
    static func parse(_ text: String, file: String, baseDirectory: String) throws(CompilerError) -> CodegenConfiguration
    {
        var warnings = Warnings()
        let root = ConfigurationReader(try LocatedJSON.parse(text, file: file), path: "")
        try warnings.ignore(
            root,
            keeping: [
                "schemaNamespace", "schemaName", "input", "output", "options", "operationManifest",
                "experimentalFeatures",
            ])
        // Each feature is reported on its own, and only when turned on.
        if let features = try root.optional("experimentalFeatures") { try warnings.ignore(features, keeping: []) }
        // `schemaName` is the key's older name, which Apollo still reads.
        let namespaceKey = try root.optional("schemaNamespace") == nil ? "schemaName" : "schemaNamespace"
        let namespace = try CodegenConfiguration.namespace(root.required(namespaceKey))
        var schemaSearchPaths = (paths: ["**/*.graphqls"], locations: [String: SourceLocation]())
        var operationSearchPaths = (paths: ["**/*.graphql"], locations: [String: SourceLocation]())
        if let input = try root.optional("input") {
            try warnings.ignore(input, keeping: ["schemaSearchPaths", "operationSearchPaths"])
            if let paths = try input.optional("schemaSearchPaths") { schemaSearchPaths = try paths.searchPaths() }
            if let paths = try input.optional("operationSearchPaths") { operationSearchPaths = try paths.searchPaths() }
        }
        let output = try root.required("output")
        try warnings.ignore(output, keeping: ["schemaTypes", "operations", "operationIdentifiersPath", "testMocks"])
        let schemaTypes = try output.required("schemaTypes")
        try warnings.ignore(schemaTypes, keeping: ["path", "moduleType"])
        var moduleRoot = try schemaTypes.required("path").string()
        var accessLevel = CodegenConfiguration.AccessLevel.public
        // The module that operations outside the schema module import: the package Apollo generates, or for `other`
        // a module, both named after the namespace. Types embedded in a target are the app's own: no import.
        var schemaModule: String? = namespace
        // The module the test mocks import for the schema types: the schema module, or the target they are embedded in.
        var mocksImport: String? = namespace
        if let moduleType = try schemaTypes.optional("moduleType") {
            try warnings.ignore(
                moduleType, keeping: ["swiftPackageManager", "swiftPackage", "embeddedInTarget", "other"])
            if let package = try moduleType.optional("swiftPackage") {
                try warnings.ignore(package, keeping: [])
                moduleRoot = join(moduleRoot, "Sources")
            } else if try moduleType.optional("swiftPackageManager") != nil {
                moduleRoot = join(moduleRoot, "Sources")
            } else if let embedded = try moduleType.optional("embeddedInTarget") {
                try warnings.ignore(embedded, keeping: ["name", "accessModifier"])
                schemaModule = nil
                mocksImport = try embedded.optional("name")?.identifier()
                // Types embedded in the app's target are internal unless the configuration says otherwise, as in
                // Apollo.
                accessLevel = .internal
                if let modifier = try embedded.optional("accessModifier") { accessLevel = try access(modifier) }
            }
        }
        var operationsPath = join(moduleRoot, "Operations")
        var operationsModule: String?
        if let operations = try output.optional("operations") {
            try warnings.ignore(operations, keeping: ["inSchemaModule", "relative", "absolute"])
            if let absolute = try operations.optional("absolute") {
                try warnings.ignore(absolute, keeping: ["path", "accessModifier"])
                operationsPath = try absolute.required("path").string()
                operationsModule = schemaModule
                if let modifier = try absolute.optional("accessModifier") { accessLevel = try access(modifier) }
            } else if let relative = try operations.optional("relative") {
                try warnings.ignore(relative, keeping: ["subpath", "accessModifier"])
                // apicore writes operations into one folder, not beside each `.graphql` file: the folder of the first
                // operation search path (up to its first glob), plus the subpath.
                let subpath = try relative.optional("subpath")?.string()
                operationsPath = join(staticPrefix(operationSearchPaths.paths.first ?? "."), subpath ?? "")
                operationsModule = schemaModule
                warnings.add(
                    "\"output.operations.relative\": apicore writes the operations into one folder, \(operationsPath), "
                        + "rather than beside each .graphql file", at: relative.value.location)
                if let modifier = try relative.optional("accessModifier") { accessLevel = try access(modifier) }
            }
        }
        let mocks = try testMocks(output, schemaTypesPath: schemaTypes, module: mocksImport, warnings: &warnings)
        var configuration = CodegenConfiguration(
            schemaNamespace: namespace, schemaSearchPaths: schemaSearchPaths.paths,
            operationSearchPaths: operationSearchPaths.paths, schemaTypesPath: join(moduleRoot, "Schema"),
            operationsPath: operationsPath, accessLevel: accessLevel, baseDirectory: baseDirectory)
        configuration.schemaSearchPathLocations = schemaSearchPaths.locations
        configuration.operationSearchPathLocations = operationSearchPaths.locations
        // As Apollo: a search path that matches nothing is a warning while another one matches.
        configuration.allowsUnmatchedSearchPaths = true
        configuration.schemaTypesModule = operationsModule
        configuration.testMocks = mocks
        // The ids the app's server already knows from Apollo's generated code and manifest.
        configuration.operationIdentifiers = .apollo
        if let path = try output.optional("operationIdentifiersPath") {
            configuration.operationManifest = .init(path: try path.string(), format: .legacy)
        }
        if let manifest = try root.optional("operationManifest") {
            try warnings.ignore(manifest, keeping: ["path", "version"])
            var options = CodegenConfiguration.OperationManifestOptions(path: try manifest.required("path").string())
            if let version = try manifest.optional("version") {
                switch try version.string() {
                case "persistedQueries": options.format = .persistedQueries
                case "legacy", "legacyAPQ": options.format = .legacy
                default: throw version.failure("must be \"persistedQueries\" or \"legacy\"")
                }
            }
            configuration.operationManifest = options
        }
        // An app that registers Apollo's manifest with its server, or whose operations a safelist holds as Apollo sent
        // them (`legacySafelistingCompatibleOperations`), keeps Apollo's documents until it sets `options.addKeyFields`.
        var safelisted = false
        if let features = try root.optional("experimentalFeatures"),
            let flag = try features.optional("legacySafelistingCompatibleOperations")
        {
            safelisted = try flag.bool()
        }
        configuration.addsKeyFields = configuration.operationManifest == nil && !safelisted
        if let options = try root.optional("options") {
            try warnings.ignore(
                options,
                keeping: [
                    "customScalars", "operationIdentifiers", "strictSchema", "selectionSetInitializers",
                    "conversionStrategies", "addKeyFields",
                ])
            if let keys = try options.optional("addKeyFields") { configuration.addsKeyFields = try keys.bool() }
            if let strategies = try options.optional("conversionStrategies") {
                try warnings.ignore(strategies, keeping: [])
            }
            if let initializers = try options.optional("selectionSetInitializers") {
                configuration.selectionSetInitializers = try CodegenConfiguration.selectionSetInitializers(initializers)
            }
            if let strict = try options.optional("strictSchema") { configuration.isStrictSchema = try strict.bool() }
            if let scalars = try options.optional("customScalars") {
                configuration.customScalars = try scalars.stringMap()
            }
            if let identifiers = try options.optional("operationIdentifiers") {
                configuration.operationIdentifiers = try CodegenConfiguration.operationIdentifiers(identifiers)
            }
        }
        configuration.warnings = warnings.diagnostics
        return configuration
    }

    /// Collects the warnings for keys without an equivalent.
    private struct Warnings {
        var diagnostics: [Diagnostic] = []

        mutating func add(_ message: String, at location: SourceLocation) {
            diagnostics.append(Diagnostic(.warning, message + ".", at: [location], rule: "ApolloConfiguration"))
        }

        /// Reports each key of `reader` not in `keys` that apicore does not honour (``ApolloConfigurationKeys``).
        mutating func ignore(_ reader: ConfigurationReader, keeping keys: Set<String>) throws(CompilerError) {
            for member in try reader.members() where !keys.contains(member.key) {
                let path = reader.path.isEmpty ? member.key : reader.path + "." + member.key
                report(path, value: member.value, at: member.keyLocation)
            }
        }

        /// Reports the key at `path` unless apicore does what it asks with `value`.
        mutating func report(_ path: String, value: LocatedJSON, at location: SourceLocation) {
            if let message = ApolloConfigurationKeys.warning(for: path, value: value) { add(message, at: location) }
        }
    }

    /// `output.testMocks`: `none`, `absolute` (`path`) or `swiftPackage` (`targetName`, by default
    /// `<namespace>TestMocks`, a folder of the schema module's package, at `output.schemaTypes.path`).
    private static func testMocks(
        _ output: ConfigurationReader, schemaTypesPath schemaTypes: ConfigurationReader, module: String?,
        warnings: inout Warnings
    ) throws(CompilerError) -> CodegenConfiguration.TestMocksOptions? {
        guard let mocks = try output.optional("testMocks") else { return nil }
        try warnings.ignore(mocks, keeping: ["none", "absolute", "swiftPackage"])
        if let absolute = try mocks.optional("absolute") {
            try warnings.ignore(absolute, keeping: ["path"])
            return .init(path: try absolute.required("path").string(), schemaTypesModule: module)
        }
        if let package = try mocks.optional("swiftPackage") {
            try warnings.ignore(package, keeping: ["targetName"])
            let target = try package.optional("targetName")?.identifier() ?? (module ?? "") + "TestMocks"
            return .init(path: join(try schemaTypes.required("path").string(), target), schemaTypesModule: module)
        }
        return nil
    }

    private static func access(_ reader: ConfigurationReader) throws(CompilerError) -> CodegenConfiguration.AccessLevel
    {
        guard let level = CodegenConfiguration.AccessLevel(rawValue: try reader.string()) else {
            throw reader.failure("must be \"public\" or \"internal\"")
        }
        return level
    }

    private static func join(_ folder: String, _ name: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty || folder == "." || folder == "./" { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folders of `pattern` before its first glob: `Sources/Feature/**/*.graphql` -> `Sources/Feature`.
    private static func staticPrefix(_ pattern: String) -> String {
        var components: [Substring] = []
        for component in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            if component.contains("*") || component.contains("?") || component.contains("[") { break }
            components.append(component)
        }
        if components.count == pattern.split(separator: "/", omittingEmptySubsequences: false).count {
            components.removeLast()  // a plain file path: its folder
        }
        let prefix = components.joined(separator: "/")
        return prefix.isEmpty ? "." : prefix
    }
}
