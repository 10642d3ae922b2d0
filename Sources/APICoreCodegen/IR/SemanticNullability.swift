import APICoreCompiler

/// What the nullability directives make of a selected field: `@semanticNonNull` (or `@semanticNonNullField`) in the
/// schema says which of its positions are `null` only with an error; `@catch` on the field, else `@catchByDefault` on
/// its operation or fragment, else on the schema, says how the app takes an error at each position that may be
/// `null` (Apollo's nullability specification, v0.4).
///
/// - `NULL` (the default): the position is optional, as GraphQL types it.
/// - `THROW`: a semantically non-null position is non-optional; an error there, or one that reached a position that
///   may be `null`, goes up to the nearest position that catches it, and fails the read when none does.
/// - `RESULT` (the field's own value): the field is a `GraphQLFieldResult` of its value, non-optional when it is
///   semantically non-null, or of the error in its place.
struct SemanticNullability {
    /// A value of `CatchTo`.
    enum CatchTo: String {
        case result = "RESULT"
        case null = "NULL"
        case `throw` = "THROW"
    }

    /// What a field's type and error handling come to.
    struct Resolved {
        /// The field's type as the generated code reads it: a semantically non-null position that throws is non-null.
        var type: TypeReference
        var catching: IRErrorCatching?
    }

    let schema: GraphQLSchema
    /// The schema's `@catchByDefault`.
    let schemaDefault: CatchTo?

    init(schema: GraphQLSchema) throws(CompilerError) {
        self.schema = schema
        schemaDefault = try Self.catchByDefault(in: schema.schemaDirectives)
    }

    /// The `to:` of the `@catchByDefault` among `directives`, if one is there.
    static func catchByDefault(in directives: [Directive]) throws(CompilerError) -> CatchTo? {
        guard let directive = directives.first(where: { $0.name.value == "catchByDefault" }) else { return nil }
        return try catchTo(of: directive) ?? .result
    }

    /// The field's type and error handling, for `field` selected on `scope` with `schemaField` its definition, in an
    /// operation or fragment whose `@catchByDefault` is `definitionDefault`.
    func resolve(
        _ field: Field, schemaField: SchemaField, on scope: SchemaType, definitionDefault: CatchTo?
    ) throws(CompilerError) -> Resolved {
        let depth = Self.listDepth(schemaField.type)
        let semantic = try semanticLevels(of: schemaField, on: scope, depth: depth)
        let byDefault = definitionDefault ?? schemaDefault ?? .null
        var caught: [Int: CatchTo] = [:]
        if let directive = field.directives.first(where: { $0.name.value == "catch" }) {
            let to = try Self.catchTo(of: directive) ?? .result
            let levels = try Self.levels(of: directive, depth: depth, owner: "@catch on \"\(field.responseKey)\"")
            for level in levels {
                if to == .result, level > 0 {
                    throw IRBuilder.failure(
                        "@catch(to: RESULT) applies to a field's own value (level 0), not to the elements of its "
                            + "list; catch the elements with NULL or THROW.", at: directive.location)
                }
                caught[level] = to
            }
        }
        guard byDefault != .null || !caught.isEmpty else { return Resolved(type: schemaField.type, catching: nil) }
        var throwing: [Int] = []
        var isResult = false
        func transform(_ type: TypeReference, level: Int) -> TypeReference {
            func inner(_ type: TypeReference) -> TypeReference {
                if case .list(let element, let location) = type {
                    return .list(transform(element, level: level + 1), location: location)
                }
                return type
            }
            if case .nonNull(let wrapped, let location) = type { return .nonNull(inner(wrapped), location: location) }
            let mode = caught[level] ?? byDefault
            let isSemantic = semantic.contains(level)
            switch mode {
            case .null:
                return inner(type)
            case .throw:
                throwing.append(level)
                return isSemantic ? .nonNull(inner(type), location: .unknown) : inner(type)
            case .result:
                // Only the field's own value is a result (a default of RESULT reaches no deeper).
                guard level == 0 else { return inner(type) }
                isResult = true
                return isSemantic ? .nonNull(inner(type), location: .unknown) : inner(type)
            }
        }
        let type = transform(schemaField.type, level: 0)
        guard isResult || !throwing.isEmpty else { return Resolved(type: type, catching: nil) }
        return Resolved(type: type, catching: IRErrorCatching(throwingLevels: throwing.sorted(), isResult: isResult))
    }

    /// The semantically non-null levels of a field: its definition's `@semanticNonNull`, and the
    /// `@semanticNonNullField` of the type it is selected on.
    private func semanticLevels(
        of field: SchemaField, on scope: SchemaType, depth: Int
    ) throws(CompilerError) -> Set<Int> {
        var levels: Set<Int> = []
        for directive in field.directives where directive.name.value == "semanticNonNull" {
            levels.formUnion(
                try Self.levels(of: directive, depth: depth, owner: "@semanticNonNull on \"\(field.name)\""))
        }
        for directive in scope.directives where directive.name.value == "semanticNonNullField" {
            guard
                case .string(let name, _)? = directive.arguments.first(where: { $0.name.value == "name" })?.value.kind,
                name == field.name
            else { continue }
            levels.formUnion(
                try Self.levels(
                    of: directive, depth: depth, owner: "@semanticNonNullField on \"\(scope.name).\(name)\""))
        }
        return levels
    }

    /// The `levels:` of a directive (`[0]` when not given), each within the type's list depth.
    private static func levels(of directive: Directive, depth: Int, owner: String) throws(CompilerError) -> [Int] {
        guard let argument = directive.arguments.first(where: { $0.name.value == "levels" }) else { return [0] }
        let values: [Value]
        switch argument.value.kind {
        case .list(let elements): values = elements
        case .int: values = [argument.value]
        default: throw IRBuilder.failure("\(owner): levels must be a list of integers.", at: argument.location)
        }
        var levels: [Int] = []
        for value in values {
            guard case .int(let text) = value.kind, let level = Int(text), (0...depth).contains(level) else {
                throw IRBuilder.failure(
                    "\(owner): level \(Printer.print(value)) is not one of the type's levels (0 to \(depth): 0 is "
                        + "the field's own value, 1 the elements of its list, and so on).", at: value.location)
            }
            levels.append(level)
        }
        return levels
    }

    /// The `to:` of `@catch` or `@catchByDefault`; `nil` when not given.
    private static func catchTo(of directive: Directive) throws(CompilerError) -> CatchTo? {
        guard let argument = directive.arguments.first(where: { $0.name.value == "to" }) else { return nil }
        guard case .enumValue(let name) = argument.value.kind, let value = CatchTo(rawValue: name) else {
            throw IRBuilder.failure(
                "@\(directive.name.value)(to:) takes RESULT, NULL or THROW, not \(Printer.print(argument.value)).",
                at: argument.value.location)
        }
        return value
    }

    /// How many lists the type nests: 0 for `String`, 2 for `[[String]!]`.
    static func listDepth(_ type: TypeReference) -> Int {
        switch type {
        case .named: 0
        case .nonNull(let inner, _): listDepth(inner)
        case .list(let inner, _): 1 + listDepth(inner)
        }
    }
}

/// How a field's errors reach the app, as generated code records it (`GraphQLErrorCatching`).
package struct IRErrorCatching: Sendable, Hashable {
    /// The list levels at which an error is thrown up (0: the field's own value).
    package var throwingLevels: [Int]
    /// Whether the field is a `GraphQLFieldResult`.
    package var isResult: Bool
}
