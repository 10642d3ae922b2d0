import APICoreCompiler

/// A generated selection table in the compact form the runtime reads (`GraphQLSelection.__table`): one string for the
/// selections and the Swift types it names by index. A literal of the same selections compiles to code that builds
/// each one, which is most of what a selection set costs the compiler; the text compiles to a constant.
///
/// Selections the text has no form for (other arguments, conditions, `@defer`, `@catch`, fragment arguments) are
/// written out in full as extras, which the text names in their place, so the table keeps document order.
struct SelectionTableText {
    /// The selections' text, one entry each.
    private(set) var entries: [String] = []
    /// The selection sets the text names, each once: object fields', fragment spreads' and type cases'.
    private(set) var objects: [String] = []
    /// The Swift types of leaf fields, each once.
    private(set) var leaves: [String] = []
    /// The parent types of type cases that select implicit keys alone, each once (`API.Objects.User`).
    private(set) var parentTypes: [String] = []
    /// Selections written out in full.
    private(set) var extras: [String] = []

    /// The implicit `__typename`.
    mutating func typename() {
        entries.append("t")
    }

    /// A leaf field: `key` is its name or `alias:name`, `type` its GraphQL type (`[ID!]!`), `swiftType` what it is
    /// read as, and `arguments` its arguments in the text's form (``argument(_:_:)``).
    mutating func leafField(_ key: String, type: String, swiftType: String, arguments: [String]) {
        let index = Self.index(of: swiftType, in: &leaves)
        entries.append((["f", key, type, "\(index)"] + arguments).joined(separator: " "))
    }

    /// An object field, read with the selection set `swiftType`.
    mutating func objectField(_ key: String, type: String, swiftType: String, arguments: [String]) {
        let index = Self.index(of: swiftType, in: &objects)
        entries.append((["o", key, type, "\(index)"] + arguments).joined(separator: " "))
    }

    /// An argument in the text's form, when it has one: a variable (`id=$id`), a boolean, or an integer a 64-bit
    /// integer holds; `nil` for any other value, which the field's extra then spells out.
    static func argument(_ name: String, _ value: Value) -> String? {
        switch value.kind {
        case .variable(let variable): return "\(name)=$\(variable)"
        case .boolean(let flag): return "\(name)=\(flag)"
        case .int(let digits): return Int64(digits) != nil ? "\(name)=\(digits)" : nil
        default: return nil
        }
    }

    /// A spread of the fragment `swiftType`.
    mutating func fragmentSpread(_ swiftType: String) {
        entries.append("s \(Self.index(of: swiftType, in: &objects))")
    }

    /// The type case `swiftType`.
    mutating func typeCase(_ swiftType: String) {
        entries.append("i \(Self.index(of: swiftType, in: &objects))")
    }

    /// An implicit key field `name` of the scalar or enum `typeName`.
    mutating func implicitKey(_ name: String, typeName: String) {
        entries.append("k \(name) \(typeName)")
    }

    /// A type case on `parentType` (a parent-type constant) that selects `__typename` and the implicit key fields
    /// `keys` alone.
    mutating func implicitKeyCase(parentType: String, keys: [(name: String, typeName: String)]) {
        let index = Self.index(of: parentType, in: &parentTypes)
        entries.append((["c", "\(index)"] + keys.flatMap { [$0.name, $0.typeName] }).joined(separator: " "))
    }

    /// A selection written out in full (a `GraphQLSelection` expression).
    mutating func extra(_ expression: String) {
        entries.append("x \(extras.count)")
        extras.append(expression)
    }

    /// The text the runtime reads.
    var text: String { entries.joined(separator: ",") }

    /// The table's declaration: `private static let __selectionTable` with the text, then the types and extras it
    /// names, one argument a line.
    func declaration(indent: String) -> [String] {
        let head = "\(indent)private static let __selectionTable: [GraphQLSelection] ="
        guard !entries.isEmpty else { return [head + " []"] }
        // A table of extras alone is their literal, with no text to read.
        if extras.count == entries.count {
            return [head + " ["] + extras.map { "\(indent)    \($0)," } + ["\(indent)]"]
        }
        var arguments = ["\"\(text)\""]
        if !objects.isEmpty { arguments.append("objects: [\(objects.map { $0 + ".self" }.joined(separator: ", "))]") }
        if !leaves.isEmpty { arguments.append("leaves: [\(leaves.map { $0 + ".self" }.joined(separator: ", "))]") }
        if !parentTypes.isEmpty { arguments.append("parentTypes: [\(parentTypes.joined(separator: ", "))]") }
        var lines = [head + " GraphQLSelection.__table("]
        for (position, argument) in arguments.enumerated() {
            let isLast = position == arguments.count - 1 && extras.isEmpty
            lines.append("\(indent)    \(argument)" + (isLast ? "" : ","))
        }
        if !extras.isEmpty {
            lines.append("\(indent)    extras: [")
            lines += extras.map { "\(indent)        \($0)," }
            lines.append("\(indent)    ]")
        }
        lines.append("\(indent))")
        return lines
    }

    /// The position of `type` in `types`, added at the end the first time.
    private static func index(of type: String, in types: inout [String]) -> Int {
        if let index = types.firstIndex(of: type) { return index }
        types.append(type)
        return types.count - 1
    }
}
