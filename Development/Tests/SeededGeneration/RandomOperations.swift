import APICoreCompiler
import APICoreGraphQL
import APICoreJSON
import APICoreScalars

/// A query generated for a schema: its document, the variables it declares with values, and its name.
public struct RandomOperation: Sendable, CustomStringConvertible {
    /// The document: one named query and the fragments it spreads.
    public let document: String
    /// A value for every variable the query declares.
    public let variables: JSONObject
    /// The query's name.
    public let name: String

    public var description: String { "\(document)\nvariables: \(JSONWriter().string(.object(variables)))" }
}

/// Valid random queries over any schema, from a seed: fields with arguments (literals and variables, input objects,
/// lists, enums), aliases, nested lists and objects, inline fragments on interfaces and unions, named fragments,
/// `@include` and `@skip` with variables and literals, `__typename`. Every generated query is valid by the
/// specification's rules; in particular, two fields with one response name in a selection set are always the same
/// field with the same arguments and the same type, so they merge: a field gets a unique alias unless it is an
/// argument-less field that no other field of the set answers under the same name with another type.
public struct RandomOperationGenerator {
    /// The schema the queries are for.
    public let schema: GraphQLSchema
    /// The deepest level of nested selection sets below the root.
    public var maximumDepth: Int
    /// The most fields a selection set chooses (before fragments and `__typename`).
    public var maximumFields: Int
    /// How many named fragments the queries of this generator may define in all; past it a spread that would have
    /// been a named fragment's is an inline fragment. `nil`: no limit.
    public var namedFragmentLimit: Int?
    /// How many named fragments the queries so far define.
    public private(set) var namedFragmentCount = 0
    private var random: SeededGenerator
    private var counter = 0
    private var variableDefinitions: [String] = []
    private var variableValues = JSONObject()
    private var fragments: [String] = []
    private var queryName = ""

    /// A generator over `schema` whose queries are fixed by `seed`.
    public init(
        schema: GraphQLSchema, seed: UInt64, maximumDepth: Int = 3, maximumFields: Int = 3
    ) {
        self.schema = schema
        self.maximumDepth = maximumDepth
        self.maximumFields = maximumFields
        random = SeededGenerator(seed: seed)
    }

    /// The next query, named `name`.
    public mutating func next(name: String) -> RandomOperation {
        variableDefinitions = []
        variableValues = JSONObject()
        fragments = []
        counter = 0
        queryName = name
        guard let root = schema.rootType(for: .query) else { preconditionFailure("the schema has no query type") }
        var keys: [String: String] = [:]
        var body = selections(of: .object(root), depth: 0, keys: &keys)
        if body.isEmpty { body = ["__typename"] }
        let declared = variableDefinitions.isEmpty ? "" : "(" + variableDefinitions.joined(separator: ", ") + ")"
        let query = "query \(name)\(declared) { \(body.joined(separator: " ")) }"
        return RandomOperation(
            document: ([query] + fragments).joined(separator: "\n"), variables: variableValues, name: name)
    }

    // MARK: Selections

    /// The selections of a set on `type` (object, interface or union), recording each response name it answers
    /// under, with the field and type it stands for, in `keys`: inline fragments and fragment spreads add to the
    /// same set.
    private mutating func selections(of type: SchemaType, depth: Int, keys: inout [String: String]) -> [String] {
        var result: [String] = []
        let isUnion: Bool
        if case .union = type { isUnion = true } else { isUnion = false }
        if isUnion {
            result.append(typename(&keys))
        } else {
            // `id` is chosen like any other field: the compiler selects each object's key where a query does not.
            let fields = type.fields.filter { !$0.name.hasPrefix("__") }
            let count = Int.random(in: 1...maximumFields, using: &random)
            for _ in 0..<count {
                guard let chosen = fields.randomElement(using: &random) else { break }
                if let selected = field(chosen, on: type, depth: depth, keys: &keys) {
                    result.append(selected)
                }
            }
            if chance(0.3) { result.append(typename(&keys)) }
        }
        // Type conditions: on the members of a union or the implementations of an interface, inline or named.
        let possible = schema.possibleTypes(of: type)
        if !possible.isEmpty, (possible.count > 1 || type.name != possible[0].name) || chance(0.1) {
            let conditions = isUnion ? Int.random(in: 1...2, using: &random) : (chance(0.5) ? 1 : 0)
            for _ in 0..<conditions {
                guard let condition = possible.randomElement(using: &random) else { break }
                let inner = selections(of: .object(condition), depth: depth, keys: &keys)
                guard !inner.isEmpty else { continue }
                result.append(spread(on: condition.name, inner))
            }
        }
        if case .object = type, chance(0.15) {
            let inner = selections(of: type, depth: depth, keys: &keys)
            if !inner.isEmpty { result.append(spread(on: type.name, inner)) }
        }
        return result
    }

    /// `__typename`, recorded in the set's response names.
    private mutating func typename(_ keys: inout [String: String]) -> String {
        keys["__typename"] = "__typename"
        return "__typename"
    }

    /// An inline fragment or a named fragment's spread on `typeName` holding `inner`, sometimes under `@include` or
    /// `@skip`.
    private mutating func spread(on typeName: String, _ inner: [String]) -> String {
        let directive = conditionalDirective()
        // The draw comes first, so that a limit leaves the rest of a seed's queries as they were.
        if chance(0.4), namedFragmentCount < namedFragmentLimit ?? .max {
            counter += 1
            namedFragmentCount += 1
            // Named after the query too, so that the queries of one generator can be one document.
            let name = "\(queryName)F\(counter)"
            fragments.append("fragment \(name) on \(typeName) { \(inner.joined(separator: " ")) }")
            return "...\(name)\(directive)"
        }
        return "... on \(typeName)\(directive) { \(inner.joined(separator: " ")) }"
    }

    /// One field of `type`, with arguments, an alias when needed and now and then otherwise, `@include` or `@skip`
    /// now and then, and a selection set when its type is composite; `nil` when it would nest too deep.
    private mutating func field(
        _ field: SchemaField, on type: SchemaType, depth: Int, keys: inout [String: String]
    ) -> String? {
        guard let named = schema.type(named: field.type.namedType.value) else { return nil }
        let composite: Bool
        switch named {
        case .object, .interface, .union: composite = true
        default: composite = false
        }
        if composite && depth >= maximumDepth { return nil }
        let arguments = self.arguments(of: field)
        // The shape the response name stands for: the field, its arguments and its type.
        let shape = "\(field.name)(\(arguments)):\(field.type)"
        var responseName = field.name
        let wantsAlias = !arguments.isEmpty || composite || chance(0.2)
        if wantsAlias || (keys[field.name].map { $0 != shape } ?? false) {
            counter += 1
            responseName = "a\(counter)_\(field.name)"
        }
        keys[responseName] = shape
        var text = responseName == field.name ? field.name : "\(responseName): \(field.name)"
        if !arguments.isEmpty { text += "(\(arguments))" }
        text += conditionalDirective()
        if composite {
            var inner: [String: String] = [:]
            var selected = selections(of: named, depth: depth + 1, keys: &inner)
            if selected.isEmpty { selected = ["__typename"] }
            text += " { \(selected.joined(separator: " ")) }"
        }
        return text
    }

    /// Sometimes `@include(if: $b)` or `@skip(if: $b)` with a Boolean variable, or with a literal.
    private mutating func conditionalDirective() -> String {
        guard chance(0.12) else { return "" }
        let name = chance(0.5) ? "include" : "skip"
        if chance(0.3) { return " @\(name)(if: \(Bool.random(using: &random)))" }
        let variable = newVariable(type: "Boolean!", value: .bool(Bool.random(using: &random)))
        return " @\(name)(if: $\(variable))"
    }

    // MARK: Arguments

    /// The field's arguments as written: every required one and some optional ones, each a literal or a variable.
    private mutating func arguments(of field: SchemaField) -> String {
        var written: [String] = []
        for argument in field.arguments where argument.isRequired || chance(0.35) {
            if chance(0.3) {
                let value = json(argument.type, depth: 0)
                written.append("\(argument.name): $\(newVariable(type: "\(argument.type)", value: value))")
            } else {
                written.append("\(argument.name): \(literal(argument.type, depth: 0))")
            }
        }
        return written.joined(separator: ", ")
    }

    /// Declares a variable of `type` with `value` and returns its name.
    private mutating func newVariable(type: String, value: JSONValue) -> String {
        counter += 1
        let name = "v\(counter)"
        variableDefinitions.append("$\(name): \(type)")
        variableValues[name] = value
        return name
    }

    /// A random value of `type` as a GraphQL literal.
    private mutating func literal(_ type: TypeReference, depth: Int) -> String {
        literal(json(type, depth: depth), as: type)
    }

    /// `value`, of `type`, as a GraphQL literal: enum values bare, an input object's fields by their own types,
    /// strings quoted (the generator's have no characters to escape).
    private func literal(_ value: JSONValue, as type: TypeReference) -> String {
        switch (type, value) {
        case (.nonNull(let inner, _), _):
            return literal(value, as: inner)
        case (.list(let inner, _), .array(let elements)):
            return "[" + elements.map { literal($0, as: inner) }.joined(separator: ", ") + "]"
        case (.named(let name), .object(let object)):
            guard case .inputObject(let input)? = schema.type(named: name.value) else { return "null" }
            let members = zip(object.keys, object.values).compactMap { key, member in
                input.field(named: key).map { "\(key): \(literal(member, as: $0.type))" }
            }
            return "{" + members.joined(separator: ", ") + "}"
        case (.named(let name), .string(let string)):
            if case .enumeration? = schema.type(named: name.value) { return string }
            return "\"\(string)\""
        case (_, .int(let int)): return String(int)
        case (_, .double(let double)): return String(double)
        case (_, .bool(let bool)): return String(bool)
        default: return "null"
        }
    }

    /// A random value of `type` as JSON, for a variable's value or a literal.
    private mutating func json(_ type: TypeReference, depth: Int) -> JSONValue {
        switch type {
        case .nonNull(let inner, _):
            return json(inner, depth: depth)
        case .list(let inner, _):
            let count = Int.random(in: 0...2, using: &random)
            return .array((0..<count).map { _ in json(inner, depth: depth + 1) })
        case .named(let name):
            guard let named = schema.type(named: name.value) else { return .null }
            switch named {
            case .enumeration(let enumeration):
                return enumeration.values.randomElement(using: &random).map { .string($0.name) } ?? .null
            case .inputObject(let input):
                var object = JSONObject()
                for member in inputMembers(of: input, depth: depth) {
                    object[member.name] = json(member.type, depth: depth + 1)
                }
                return .object(object)
            default:
                return scalar(name.value)
            }
        }
    }

    /// The fields of an input object a value sets: exactly one for a `@oneOf` input, else every required field and,
    /// above a nesting depth of 2, some optional ones.
    private mutating func inputMembers(of input: InputObjectType, depth: Int) -> [SchemaInputValue] {
        if input.isOneOf {
            // A field whose type does not lead back to this input at once, so the value ends.
            let candidates = input.fields.filter { $0.type.namedType.value != input.name }
            return (candidates.randomElement(using: &random) ?? input.fields.first).map { [$0] } ?? []
        }
        return input.fields.filter { $0.isRequired || (depth < 2 && chance(0.3)) }
    }

    /// A value of a scalar type: built-in ones by their kind, any other as a short string.
    private mutating func scalar(_ name: String) -> JSONValue {
        counter += 1
        switch name {
        case "Int": return .int(Int64.random(in: -50...50, using: &random))
        case "Float": return .double(Double(Int.random(in: -400...400, using: &random)) / 4)
        case "Boolean": return .bool(Bool.random(using: &random))
        case "ID": return .string("id\(Int.random(in: 0..<8, using: &random))")
        default: return .string("s\(Int.random(in: 0..<8, using: &random))")
        }
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }
}
