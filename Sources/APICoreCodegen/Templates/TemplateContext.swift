import APICoreCompiler

/// What every template needs: the schema, how to spell types, and the access level.
struct TemplateContext: Sendable {
    let schema: GraphQLSchema
    let mapper: SwiftTypeMapper
    /// `"public "` or `""`.
    let access: String
    /// The module of the schema types, when operations are generated outside it.
    var schemaTypesModule: String? = nil
    /// The custom scalars that are files.
    var fileScalars = FileScalars()
    /// The key fields of each object type with a type policy, by type name: what identifies its objects.
    var keyFields: [String: [String]] = [:]

    /// Whether a value of `type` can hold a file (see ``FileScalars``).
    func canContainFiles(_ type: TypeReference) -> Bool {
        fileScalars.canContainFiles(type, in: schema)
    }

    /// The modifiers of a generated type or extension: its access level and `nonisolated`. A new Xcode 26 app target
    /// makes the main actor the default isolation of every declaration that says none; generated types say theirs,
    /// so they are the same plain `Sendable` values from a main-actor view model and from a service on any task.
    var typeModifiers: String {
        Self.typeModifiers(access: access)
    }

    /// The modifiers of a generated type or extension with `access` (see ``typeModifiers``).
    static func typeModifiers(access: String) -> String {
        access + "nonisolated "
    }

    /// The access level of a computed property: public ones are emitted into the code that reads them, so the module
    /// exports no symbol and no code for them.
    var accessor: String {
        access.isEmpty ? "" : "@_alwaysEmitIntoClient " + access
    }

    /// The lines before a generated file's imports.
    static let preamble = GeneratedFile.marker + " Do not edit.\n// swift-format-ignore-file\n\n"

    /// Whether generated files import Foundation: some custom scalar is mapped to a Foundation type (`Date`, `URL`,
    /// `UUID`, `Decimal`), which a file must import to use its conformances.
    var importsFoundation = false
    /// Whether generated files import `APICoreScalars`: some custom scalar is mapped to a built-in type whose
    /// conformance that module declares (``ScalarMapping/needsScalarsModule``), the operations use a file scalar
    /// (`GraphQLFile`, ``FileScalars/areUsed(in:)``), or a fragment declares variables, whose spreads give them values
    /// (`GraphQLSelection.fragment(_:arguments:)`).
    var importsScalars = false
    /// Whether selection sets get initializers from typed values (``CodegenConfiguration/selectionSetInitializers``).
    var generatesInitializers = false

    /// The first lines of every generated schema-types file, importing what ``runtimeImports`` lists.
    var schemaHeader: String {
        Self.preamble + runtimeImports + "\n"
    }

    /// `import APICoreGraphQL`, then `APICoreScalars` and Foundation as the scalar mapping needs them.
    var runtimeImports: String {
        "import APICoreGraphQL\n" + (importsScalars ? "import APICoreScalars\n" : "")
            + (importsFoundation ? "import Foundation\n" : "")
    }

    /// The first lines of every generated operation and fragment file: they also import the schema types' module
    /// when it is another one.
    var operationHeader: String {
        guard let module = schemaTypesModule else { return schemaHeader }
        return Self.preamble + runtimeImports + "import \(module)\n\n"
    }

    /// `StarWarsAPI.Objects.Droid`, `StarWarsAPI.Interfaces.Character`, `StarWarsAPI.Unions.SearchResult`.
    func parentTypeReference(_ name: String) -> String {
        "\(mapper.namespace).\(Self.parentTypeGroup(of: schema.type(named: name))).\(SwiftNames.schemaTypeName(name, namespace: mapper.namespace))"
    }

    /// The namespace enum holding a composite type's parent-type constant.
    static func parentTypeGroup(of type: SchemaType?) -> String {
        switch type {
        case .interface: "Interfaces"
        case .union: "Unions"
        default: "Objects"
        }
    }
}
