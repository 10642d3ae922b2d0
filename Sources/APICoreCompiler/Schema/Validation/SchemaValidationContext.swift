/// The schema under validation and the diagnostics found so far.
struct SchemaValidationContext {
    let schema: GraphQLSchema
    let source: SchemaValidationSource
    private(set) var diagnostics: [Diagnostic] = []

    init(schema: GraphQLSchema, source: SchemaValidationSource) {
        self.schema = schema
        self.source = source
    }

    /// Records an error at `location` (or the fallback location when it is unknown), with related places.
    mutating func error(
        _ message: String,
        at location: SourceLocation,
        related: [SourceLocation] = [],
        rule: String
    ) {
        let places = ([location] + related).map { SchemaDiagnostics.isKnown($0) ? $0 : source.fallbackLocation }
        diagnostics.append(Diagnostic(.error, message, at: places, rule: rule))
    }

    /// The first of two locations that is known.
    func place(_ preferred: SourceLocation, else other: SourceLocation) -> SourceLocation {
        SchemaDiagnostics.isKnown(preferred) ? preferred : other
    }

    /// Reports a name beginning with `__`, which the specification reserves for introspection.
    mutating func checkReservedName(_ name: String, of what: @autoclosure () -> String, at location: SourceLocation) {
        guard name.hasPrefix("__") else { return }
        error(
            "The name of \(what()) must not begin with \"__\", which is reserved for introspection. Rename it.",
            at: location, rule: "ReservedNames")
    }

    /// The named type a reference ends in; reports it as unknown (at the reference) when the schema lacks it.
    mutating func resolve(
        _ reference: TypeReference,
        of what: @autoclosure () -> String,
        at location: SourceLocation
    ) -> SchemaType? {
        let name = reference.namedType
        if let type = schema.type(named: name.value) { return type }
        let hint =
            NameSuggestions.didYouMean(name.value, among: schema.types.map(\.name))
            ?? "Define it, or correct the name."
        error(
            "Unknown type \"\(name.value)\" in \(what()). \(hint)", at: place(name.location, else: location),
            rule: "KnownTypeNames")
        return nil
    }

    /// "an object type", "an interface", ...: the kind of a type in a sentence.
    static func kindPhrase(_ type: SchemaType) -> String {
        switch type {
        case .scalar: "a scalar"
        case .object: "an object type"
        case .interface: "an interface"
        case .union: "a union"
        case .enumeration: "an enum"
        case .inputObject: "an input object"
        }
    }
}
