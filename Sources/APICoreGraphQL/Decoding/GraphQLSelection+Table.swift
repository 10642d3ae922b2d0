extension GraphQLSelection {
    /// The selections of a generated selection set, from the compact text the code generator writes for them: one
    /// string and the Swift types it names, which compile to a few constants where a literal of the same selections
    /// compiles to code that builds each one. The text is read once per selection set, the first time its
    /// selections are asked for.
    ///
    /// Selections are separated by `,`, and the parts of one by a space. A field's key is its name, or `alias:name`;
    /// its type is a GraphQL type reference (`[ID!]!`); each argument after its type is `name=$variable`, `name=true`,
    /// `name=false`, or `name=` and an integer:
    ///
    /// - `t`: the implicit `__typename` (``__typename``);
    /// - `f key type n arguments`: a leaf field, read as `leaves[n]`;
    /// - `o key type n arguments`: an object field, read with the selection set `objects[n]`;
    /// - `s n`: a spread of the fragment `objects[n]`; `i n`: the type case `objects[n]`;
    /// - `k name type`: an implicit key field (``implicitKey(_:_:)``);
    /// - `c n name type...`: a type case on `parentTypes[n]` that selects `__typename` and implicit key fields alone,
    ///   each a name and a type;
    /// - `x n`: `extras[n]`, a selection written out in full (other arguments, conditions, `@defer`, `@catch`).
    ///
    /// Text that does not read this way is a programming error (generated code that was edited, or written by
    /// another version of the generator), which stops the program with the table's text.
    @_optimize(size)
    public static func __table(
        _ text: StaticString,
        objects: [any GraphQLSelectionSet.Type] = [],
        leaves: [any GraphQLLeafValue.Type] = [],
        parentTypes: [GraphQLParentType] = [],
        extras: [GraphQLSelection] = []
    ) -> [GraphQLSelection] {
        let table = text.withUTF8Buffer {
            var reader = GraphQLSelectionTableReader(
                text: $0, objects: objects, leaves: leaves, parentTypes: parentTypes, extras: extras)
            return reader.selections()
        }
        guard let table else {
            preconditionFailure("The selection table \"\(text)\" cannot be read: generate the code again.")
        }
        return table
    }
}

/// Reads the text of a selection table (``GraphQLSelection/__table(_:objects:leaves:parentTypes:extras:)``).
struct GraphQLSelectionTableReader {
    let text: UnsafeBufferPointer<UInt8>
    let objects: [any GraphQLSelectionSet.Type]
    let leaves: [any GraphQLLeafValue.Type]
    let parentTypes: [GraphQLParentType]
    let extras: [GraphQLSelection]
    /// Where the next part starts.
    private var position = 0

    init(
        text: UnsafeBufferPointer<UInt8>,
        objects: [any GraphQLSelectionSet.Type],
        leaves: [any GraphQLLeafValue.Type],
        parentTypes: [GraphQLParentType],
        extras: [GraphQLSelection]
    ) {
        self.text = text
        self.objects = objects
        self.leaves = leaves
        self.parentTypes = parentTypes
        self.extras = extras
    }

    /// The selections, or `nil` when one does not read as a selection.
    @_optimize(size)
    mutating func selections() -> [GraphQLSelection]? {
        var table: [GraphQLSelection] = []
        while position < text.count {
            guard let selection = selection() else { return nil }
            table.append(selection)
            // Each selection ends at a `,` before the next one, or at the end of the text.
            if position < text.count {
                guard text[position] == UInt8(ascii: ","), position + 1 < text.count else { return nil }
                position += 1
            }
        }
        return table
    }

    /// The selection that starts at the position, which it moves past it.
    @_optimize(size)
    private mutating func selection() -> GraphQLSelection? {
        let kind = text[position]
        position += 1
        switch kind {
        case UInt8(ascii: "t"):
            return .__typename
        case UInt8(ascii: "s"), UInt8(ascii: "i"):
            guard let object = index(of: objects.count) else { return nil }
            return kind == UInt8(ascii: "s") ? .fragment(objects[object]) : .inlineFragment(objects[object])
        case UInt8(ascii: "x"):
            guard let extra = index(of: extras.count) else { return nil }
            return extras[extra]
        case UInt8(ascii: "k"):
            guard let field = name(), let type = name() else { return nil }
            return .implicitKey(field, type)
        case UInt8(ascii: "c"):
            guard let parentType = index(of: parentTypes.count) else { return nil }
            var keys: [GraphQLSelection] = [.__typename]
            while position < text.count, text[position] == UInt8(ascii: " ") {
                guard let field = name(), let type = name() else { return nil }
                keys.append(.implicitKey(field, type))
            }
            return .inlineFragment(GraphQLSelectionTree(parentType: parentTypes[parentType], selections: keys))
        case UInt8(ascii: "f"), UInt8(ascii: "o"):
            guard let key = part(), let reference = part() else { return nil }
            var named: GraphQLOutputType?
            var leaf: (any GraphQLLeafValue.Type)?
            if kind == UInt8(ascii: "f") {
                guard let index = index(of: leaves.count) else { return nil }
                leaf = leaves[index]
            } else {
                guard let index = index(of: objects.count) else { return nil }
                named = .object(objects[index])
            }
            var arguments: [(name: String, value: GraphQLArgumentValue)] = []
            while let argument = part() {
                guard let argument = self.argument(argument) else { return nil }
                arguments.append(argument)
            }
            guard let type = outputType(reference, named: named), let (name, alias) = self.key(key) else { return nil }
            return .field(GraphQLField(name, alias: alias, type, arguments: arguments, leaf: leaf))
        default:
            return nil
        }
    }

    /// The next part: the text from after a space to the next space, `,` or the end.
    @_optimize(size)
    private mutating func part() -> Range<Int>? {
        guard position < text.count, text[position] == UInt8(ascii: " ") else { return nil }
        let start = position + 1
        position = start
        while position < text.count, text[position] != UInt8(ascii: " "), text[position] != UInt8(ascii: ",") {
            position += 1
        }
        return start..<position
    }

    /// A field's name and alias from its key, `name` or `alias:name`.
    @_optimize(size)
    private func key(_ range: Range<Int>) -> (name: String, alias: String?)? {
        guard let colon = range.first(where: { text[$0] == UInt8(ascii: ":") }) else {
            return isName(range) ? (string(range), nil) : nil
        }
        let alias = range.lowerBound..<colon
        let name = colon + 1..<range.upperBound
        guard isName(alias), isName(name) else { return nil }
        return (string(name), string(alias))
    }

    /// An argument, `name=$variable`, `name=true`, `name=false` or `name=` and a decimal integer.
    @_optimize(size)
    private func argument(_ range: Range<Int>) -> (name: String, value: GraphQLArgumentValue)? {
        guard let equals = range.first(where: { text[$0] == UInt8(ascii: "=") }), isName(range.lowerBound..<equals)
        else { return nil }
        let name = string(range.lowerBound..<equals)
        var value = equals + 1..<range.upperBound
        guard let first = value.first else { return nil }
        if text[first] == UInt8(ascii: "$") {
            value = first + 1..<value.upperBound
            return isName(value) ? (name, .variable(string(value))) : nil
        }
        switch string(value) {
        case "true": return (name, .literal(.bool(true)))
        case "false": return (name, .literal(.bool(false)))
        default: return integer(value).map { (name, .literal(.int($0))) }
        }
    }

    /// A decimal integer, `-` before its digits when negative, that a 64-bit integer holds.
    @_optimize(size)
    private func integer(_ range: Range<Int>) -> Int64? {
        let isNegative = text[range.lowerBound] == UInt8(ascii: "-")
        let digits = isNegative ? range.lowerBound + 1..<range.upperBound : range
        guard !digits.isEmpty else { return nil }
        // Accumulated as a negative number, whose range holds `Int64.min`.
        var value: Int64 = 0
        for offset in digits {
            let digit = Int64(text[offset]) - Int64(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = times.subtractingReportingOverflow(digit)
            guard !overflow, !underflow else { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    /// The next part, when it is a GraphQL name.
    @_optimize(size)
    private mutating func name() -> String? {
        guard let range = part(), isName(range) else { return nil }
        return string(range)
    }

    /// The next part, when it is a decimal index below `count`.
    @_optimize(size)
    private mutating func index(of count: Int) -> Int? {
        guard let range = part(), !range.isEmpty, range.count < 10 else { return nil }
        var index = 0
        for offset in range {
            let digit = Int(text[offset]) - Int(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            index = index * 10 + digit
        }
        return index < count ? index : nil
    }

    /// The type a reference such as `[ID!]!` names: `named` (an object field's tree) or a scalar of the reference's
    /// name, in its list and non-null wrappers; `nil` when it does not read as a reference.
    @_optimize(size)
    private func outputType(_ reference: Range<Int>, named: GraphQLOutputType?) -> GraphQLOutputType? {
        guard let last = reference.last else { return nil }
        if text[last] == UInt8(ascii: "!") {
            guard let inner = outputType(reference.lowerBound..<last, named: named) else { return nil }
            if case .nonNull = inner { return nil }
            return .nonNull(inner)
        }
        if text[reference.lowerBound] == UInt8(ascii: "["), text[last] == UInt8(ascii: "]") {
            return outputType(reference.lowerBound + 1..<last, named: named).map { .list($0) }
        }
        guard isName(reference) else { return nil }
        return named ?? .scalar(string(reference))
    }

    /// Whether the text is a GraphQL name: `[_A-Za-z][_0-9A-Za-z]*`.
    @_optimize(size)
    private func isName(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        for offset in range {
            let byte = text[offset]
            let letter = byte | 0x20
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard
                (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
                    || (isDigit && offset > range.lowerBound)
            else { return false }
        }
        return true
    }

    @_optimize(size)
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }
}
