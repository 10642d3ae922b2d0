/// What the six kinds of named type have in common: a name, a description, the directives applied to the definition,
/// and where it was defined. ``SchemaType`` reads these through it whatever the kind.
protocol SchemaNamedType: AnyObject, Sendable {
    var name: String { get }
    var description: String? { get }
    var directives: [Directive] { get }
    var location: SourceLocation { get }
}

extension ScalarType: SchemaNamedType {}
extension ImplementingType: SchemaNamedType {}
extension UnionType: SchemaNamedType {}
extension EnumType: SchemaNamedType {}
extension InputObjectType: SchemaNamedType {}
