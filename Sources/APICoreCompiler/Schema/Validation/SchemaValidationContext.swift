/// The schema under validation and the diagnostics found so far.
struct SchemaValidationContext {
    let schema: GraphQLSchema
    let source: SchemaValidationSource
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether the values of applied directives' arguments are checked: not in definitions the build ignores, whose
    /// values graphql-js never reads.
    var checksArgumentValues = true

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

    /// Records what graphql-js 16 builds although the specification forbids it: an error in a strict build, else a
    /// warning whose message ends with `lenientTail` (what graphql-js does, and that `--strict` makes it an error).
    mutating func tolerated(
        _ message: String,
        lenientTail: String,
        at location: SourceLocation,
        rule: String
    ) {
        guard !source.isStrict else {
            error(message, at: location, rule: rule)
            return
        }
        let place = SchemaDiagnostics.isKnown(location) ? location : source.fallbackLocation
        diagnostics.append(Diagnostic(.warning, "\(message) \(lenientTail)", at: [place], rule: rule))
    }

    /// The first of two locations that is known.
    func place(_ preferred: SourceLocation, else other: SourceLocation) -> SourceLocation {
        SchemaDiagnostics.isKnown(preferred) ? preferred : other
    }

    /// Reports a name that is not a GraphQL name (`/[_A-Za-z][_0-9A-Za-z]*/`, which only introspection JSON can break),
    /// or that begins with `__`, which the specification reserves for introspection.
    mutating func checkName(_ name: String, of what: @autoclosure () -> String, at location: SourceLocation) {
        guard Self.isName(name) else {
            error(
                "The name of \(what()) is not a GraphQL name: names must match /[_A-Za-z][_0-9A-Za-z]*/. Rename it.",
                at: location, rule: "Names")
            return
        }
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
        error(
            "Unknown type \"\(name.value)\" in \(what()). \(unknownTypeHint(name.value))",
            at: place(name.location, else: location), rule: "KnownTypeNames")
        return nil
    }

    /// How to fix a reference to the unknown type `name`: the schema's similar names, else a general hint.
    func unknownTypeHint(_ name: String) -> String {
        NameSuggestions.didYouMean(name, among: schema.types.map(\.name)) ?? "Define it, or correct the name."
    }

    /// Whether `name` is a GraphQL name: a letter or `_`, then letters, digits and `_` (ASCII only).
    static func isName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, first < 0x30 || first > 0x39 else { return false }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    continue
                default:
                    return false
                }
            }
            return true
        }
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
