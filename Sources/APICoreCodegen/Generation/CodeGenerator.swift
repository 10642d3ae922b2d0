import APICoreCompiler
import Foundation

/// Generates Swift from a schema and operation documents: one file per operation and per fragment, up to three
/// files of schema types (namespace with custom scalars and parent types, enums, input objects), and when asked one
/// file of test mocks.
///
/// Everything is generated in memory; nothing is written unless all of it succeeded (see ``GeneratedFileWriter``).
/// The output depends only on the inputs, never on file or dictionary order: generating twice gives the same bytes.
/// The files are rendered on all the machine's cores and come out in the same order as from one.
public struct CodeGenerator: Sendable {
    /// A generator.
    public init() {}

    /// Loads the configured schema and documents and generates the files.
    public func generate(configuration: CodegenConfiguration) throws(CompilerError) -> [GeneratedFile] {
        try run(configuration: configuration).files
    }

    /// What one generation produced: the files, and the warnings for the caller to report: search paths an Apollo
    /// configuration lists that match nothing, what the schema holds that graphql-js tolerates (repaired), and custom
    /// scalars with no Swift type.
    public struct Result: Sendable {
        /// The generated files, with the paths they are written to.
        public var files: [GeneratedFile]
        /// The warnings: unmatched search paths, the schema's (what it holds that graphql-js tolerates, and how it was
        /// read), and unmapped custom scalars.
        public var warnings: [Diagnostic]
    }

    /// Loads the configured schema and documents and generates the files, with the schema's warnings.
    public func run(configuration: CodegenConfiguration) throws(CompilerError) -> Result {
        var searchWarnings: [Diagnostic] = []
        let schemaPaths = try expand(
            configuration.schemaSearchPaths, configuration: configuration, what: "schema", warnings: &searchWarnings)
        let schema = try GraphQLSchema.load(
            paths: schemaPaths, options: SchemaBuildOptions(isStrict: configuration.isStrictSchema))
        let operationPaths = try expand(
            configuration.operationSearchPaths, configuration: configuration, what: "operation",
            warnings: &searchWarnings)
        var documents: [Document] = []
        for path in operationPaths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CompilerError(
                    Diagnostic(
                        .error, "Cannot read \(path).", at: [SourceLocation(file: path, line: 1, column: 1, offset: 0)],
                        rule: "CodeGeneration"))
            }
            documents.append(try Parser.parse(Source(name: path, text: String(decoding: data, as: UTF8.self))))
        }
        let generated = try generateFiles(schema: schema, documents: documents, configuration: configuration)
        let fileScalars = FileScalars(customScalars: configuration.customScalars)
        let unmapped = generated.referencedTypeNames.compactMap { name -> Diagnostic? in
            guard let type = schema.type(named: name), case .scalar(let scalar) = type, !scalar.isBuiltIn,
                configuration.customScalars[name] == nil, !fileScalars.names.contains(name)
            else { return nil }
            return Self.unmappedScalarWarning(name, at: type.location)
        }
        return Result(files: generated.files, warnings: searchWarnings + schema.warnings + unmapped)
    }

    /// The warning for a custom scalar the operations use that `options.customScalars` does not map: it is generated
    /// as `String`, which decodes only string values.
    static func unmappedScalarWarning(_ name: String, at location: SourceLocation) -> Diagnostic {
        let builtIn = ScalarMapping.builtIn.keys.sorted().joined(separator: ", ")
        return Diagnostic(
            .warning,
            "The custom scalar \"\(name)\" has no Swift type in options.customScalars, so it is generated as String, "
                + "which reads only JSON strings. Map it there to one of \(builtIn), or to a type of your own that "
                + "conforms to GraphQLCustomScalar.",
            at: [location], rule: "UnmappedCustomScalar")
    }

    /// Generates the files for parsed documents, one compilation unit, against a loaded schema.
    ///
    /// The documents are validated first (fragments unused by any operation are allowed: they still generate types;
    /// the same fragment written identically in several files, as each file of a JavaScript app must, is one); any
    /// error fails the whole generation with the validator's located diagnostics, before the IR is built.
    public func generate(
        schema: GraphQLSchema,
        documents: [Document],
        configuration: CodegenConfiguration
    ) throws(CompilerError) -> [GeneratedFile] {
        try generateFiles(schema: schema, documents: documents, configuration: configuration).files
    }

    /// The files, and the schema types the operations use.
    private func generateFiles(
        schema: GraphQLSchema,
        documents: [Document],
        configuration: CodegenConfiguration
    ) throws(CompilerError) -> (files: [GeneratedFile], referencedTypeNames: [String]) {
        let documents = Self.withoutRepeatedFragments(try AnonymousOperationNamer.named(documents))
        let diagnostics = DocumentValidator.validate(
            documents, against: schema, options: ValidationOptions(reportsUnusedFragments: false))
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw CompilerError(diagnostics)
        }
        let namespace = configuration.schemaNamespace
        if let problem = CodegenConfiguration.namespaceProblem(namespace) {
            let file =
                configuration.file ?? (configuration.baseDirectory as NSString).appendingPathComponent("apicore.json")
            throw CompilerError(
                Diagnostic(
                    .error, "The schema namespace \(problem).",
                    at: [SourceLocation(file: file, line: 1, column: 1, offset: 0)], rule: "Configuration"))
        }
        // Operations may select `__schema` and `__type`, whose types the generated code declares like the schema's.
        let schema = schema.addingIntrospectionTypes()
        let fileScalars = FileScalars(customScalars: configuration.customScalars)
        let compilation = try IRCompiler.compile(
            documents, schema: schema, namespace: namespace, identifiers: configuration.operationIdentifiers,
            fileScalars: fileScalars, addsKeyFields: configuration.addsKeyFields,
            inlinesFragmentArguments: configuration.inlinesFragmentArguments)
        let typePolicies = try TypePolicyResolver.keyFields(in: schema)
        let scalarMapping = ScalarMapping(configured: configuration.customScalars)
        let context = TemplateContext(
            schema: schema, mapper: SwiftTypeMapper(schema: schema, namespace: namespace),
            access: configuration.accessLevel == .public ? "public " : "",
            schemaTypesModule: configuration.schemaTypesModule,
            fileScalars: fileScalars,
            keyFields: Dictionary(
                typePolicies.map { ($0.typeName, $0.keyFields) }, uniquingKeysWith: { first, _ in first }),
            importsFoundation: scalarMapping.needsFoundation(in: schema),
            importsScalars: scalarMapping.needsScalarsModule(in: schema)
                || fileScalars.areUsed(in: compilation.referencedTypeNames)
                || documents.contains { $0.fragments.contains { !$0.variableDefinitions.isEmpty } },
            generatesInitializers: configuration.selectionSetInitializers)
        var files: [GeneratedFile] = []
        if let schemaTypesPath = configuration.schemaTypesPath {
            let schemaFolder = configuration.resolved(schemaTypesPath)
            var schemaTemplate = SchemaTypesTemplate(
                context: context, customScalars: configuration.customScalars, typePolicies: typePolicies)
            schemaTemplate.fieldPolicies = try FieldPolicyResolver.policies(
                in: schema, configured: configuration.fieldPolicies)
            schemaTemplate.maxAges = try CacheControlResolver.maxAges(in: schema)
            for (name, contents) in schemaTemplate.render(compilation.referencedTypeNames) {
                files.append(
                    GeneratedFile(path: (schemaFolder as NSString).appendingPathComponent(name), contents: contents))
            }
        }
        if let operationsPath = configuration.operationsPath {
            files += operationFiles(compilation, folder: configuration.resolved(operationsPath), context: context)
        }
        if let mocks = configuration.testMocks {
            let template = TestMocksTemplate(context: context, schemaTypesModule: mocks.schemaTypesModule)
            let (name, contents) = template.render(compilation)
            files.append(
                GeneratedFile(
                    path: (configuration.resolved(mocks.path) as NSString).appendingPathComponent(name),
                    contents: contents))
        }
        if let manifest = configuration.operationManifest {
            files.append(
                GeneratedFile(
                    path: configuration.resolved(manifest.path),
                    contents: OperationManifest(format: manifest.format).render(compilation.operations)))
        }
        return (files.concurrentMap(\.withTwoSpaceIndentation), compilation.referencedTypeNames)
    }

    /// One file per fragment and per operation.
    private func operationFiles(
        _ compilation: IRCompilation, folder operationsFolder: String, context: TemplateContext
    ) -> [GeneratedFile] {
        // Each file is rendered from the compilation alone, so the files are rendered on all the machine's cores.
        let fragments = compilation.fragments.concurrentMap { fragment in
            GeneratedFile(
                path: (operationsFolder as NSString).appendingPathComponent(fragment.typeName + ".graphql.swift"),
                contents: FragmentTemplate(context: context).render(fragment))
        }
        let operations = compilation.operations.concurrentMap { operation in
            GeneratedFile(
                path: (operationsFolder as NSString).appendingPathComponent(operation.typeName + ".graphql.swift"),
                contents: OperationTemplate(context: context).render(operation))
        }
        return fragments + operations
    }

    /// `documents` without the second and later copies of a fragment identical to an earlier one.
    private static func withoutRepeatedFragments(_ documents: [Document]) -> [Document] {
        var seen: [String: FragmentDefinition] = [:]
        return documents.map { document in
            var document = document
            document.definitions.removeAll { definition in
                guard case .fragment(let fragment) = definition else { return false }
                let normalized = DocumentNormalizer.normalized(fragment)
                if let existing = seen[fragment.name.value] { return existing == normalized }
                seen[fragment.name.value] = normalized
                return false
            }
            return document
        }
    }

    /// The files the search paths `patterns` match. A path that matches nothing is an error, or, for a configuration
    /// that allows it (Apollo's), a warning while another path matches; when none does, it is an error.
    private func expand(
        _ patterns: [String], configuration: CodegenConfiguration, what: String, warnings: inout [Diagnostic]
    ) throws(CompilerError) -> [String] {
        var paths: [String] = []
        var unmatched: [Diagnostic] = []
        let locations =
            what == "schema" ? configuration.schemaSearchPathLocations : configuration.operationSearchPathLocations
        // Where a path is written; a configuration built in code, or a default path, has no place but the start of
        // its file.
        let file =
            configuration.file ?? (configuration.baseDirectory as NSString).appendingPathComponent("apicore.json")
        let start = SourceLocation(file: file, line: 1, column: 1, offset: 0)
        for pattern in patterns {
            let found = PathGlob.files(matching: configuration.resolved(pattern))
            guard !found.isEmpty else {
                let message = "The \(what) search path \"\(pattern)\" matches no files"
                let location = locations[pattern] ?? start
                guard configuration.allowsUnmatchedSearchPaths else {
                    throw CompilerError(Diagnostic(.error, message + ".", at: [location], rule: "Configuration"))
                }
                unmatched.append(
                    Diagnostic(
                        .warning, message + "; it is ignored, as another search path matches.", at: [location],
                        rule: "Configuration"))
                continue
            }
            paths += found.filter { !paths.contains($0) }
        }
        guard !paths.isEmpty || patterns.isEmpty else {
            let listed = patterns.map { "\"\($0)\"" }.joined(separator: ", ")
            throw CompilerError(
                Diagnostic(
                    .error, "No \(what) search path matches a file: \(listed).",
                    at: [locations[patterns[0]] ?? start], rule: "Configuration"))
        }
        warnings += unmatched
        return paths
    }
}
