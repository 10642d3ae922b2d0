import APICoreCompiler

/// What every template needs: the schema, how to spell types, and the access level.
struct TemplateContext: Sendable {
    let schema: GraphQLSchema
    let mapper: SwiftTypeMapper
    /// `"public "` or `""`.
    let access: String

    /// The first lines of every generated file.
    static let header =
        GeneratedFile.marker + " Do not edit.\n// swift-format-ignore-file\n\nimport APICoreGraphQL\n\n"

    /// `StarWarsAPI.Objects.Droid`, `StarWarsAPI.Interfaces.Character`, `StarWarsAPI.Unions.SearchResult`.
    func parentTypeReference(_ name: String) -> String {
        "\(mapper.namespace).\(Self.parentTypeGroup(of: schema.type(named: name))).\(SwiftNames.typeMember(name))"
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
