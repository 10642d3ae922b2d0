/// Turns GraphQL names into Swift identifiers, type names and literals that always compile.
enum SwiftNames {
    /// Words that must be written in backticks to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type",
        "Protocol", "_", "consume", "copy", "discard", "borrowing", "consuming", "package", "some", "any",
    ]

    /// `name`, in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A type or static member of a namespace: `Type` and `Protocol` cannot follow a dot even in backticks, so they
    /// become `Type_` and `Protocol_`.
    static func typeMember(_ name: String) -> String {
        ["Type", "Protocol", "Self", "self"].contains(name) ? name + "_" : identifier(name)
    }

    /// Names the schema-type files use unqualified inside the namespace (Swift and runtime types, the namespace's
    /// own members), which a schema type declared there would shadow.
    static let namespaceMemberNames: Set<String> = [
        "String", "Int", "Double", "Bool", "Optional", "Array", "Swift", "Sendable", "Hashable", "CaseIterable",
        "APICoreGraphQL", "APICoreScalars", "JSONObject", "JSONValue", "GraphQLEnum", "GraphQLNullable",
        "GraphQLInputObject", "GraphQLInputValue", "GraphQLFile", "GraphQLParentType", "GraphQLTypePolicies", "Objects",
        "Interfaces", "Unions", "typePolicies",
    ]

    /// The Swift name of a schema type in the namespace: `Bool_` for an input object `Bool`, so that `Bool` inside
    /// the namespace still means Swift's, and `API_` for a type `API` in the namespace `API`, which would hide it.
    static func schemaTypeName(_ name: String, namespace: String) -> String {
        namespaceMemberNames.contains(name) || name == namespace ? name + "_" : typeMember(name)
    }

    /// `heroDetails` for `HeroDetails`, `urlFields` for `URLFields`.
    static func lowerFirst(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        guard upperRun > 0 else { return name }
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// The type name of a deferred part from its `@defer` label, which may be any string: its runs of characters that
    /// can be part of a Swift name (letters, digits, underscores), each with its first letter upper-cased
    /// (`DroidDetails` for `droid-details`, `AB` for `a.b`, `Größe` for `größe`), after `Deferred` when that name would
    /// start with a digit; `nil` when the label has no such run.
    static func typeName(ofLabel label: String) -> String? {
        let words = label.unicodeScalars.split { !isNameCharacter($0) }
        guard !words.isEmpty else { return nil }
        let name = words.map { upperFirst(String(String.UnicodeScalarView($0))) }.joined()
        return name.first?.isNumber == true ? "Deferred" + name : name
    }

    /// Whether `scalar` may stand anywhere in a Swift identifier: ASCII letters, digits and `_`, and the letters of the
    /// ranges Swift's grammar allows as an identifier's first character (Latin, Greek, Cyrillic, CJK and more).
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" }
        guard scalar.properties.isAlphabetic else { return false }
        return identifierHeadRanges.contains { $0.contains(scalar.value) }
    }

    /// The non-ASCII ranges of Swift's `identifier-head`.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
        0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD,
        0xE0000...0xEFFFD,
    ]

    /// `Hero` for `hero`.
    static func upperFirst(_ name: String) -> String {
        // Past leading underscores, so the type of `__type` is `__Type`, not a second `__type`.
        let underscores = name.prefix { $0 == "_" }
        let rest = name.dropFirst(underscores.count)
        guard let first = rest.first else { return name }
        return underscores + first.uppercased() + rest.dropFirst()
    }

    /// The Swift case name of a GraphQL enum value: `newHope` for `NEW_HOPE`, `ADMIN` as `admin`.
    static func caseName(_ value: String) -> String {
        let parts = value.split(separator: "_", omittingEmptySubsequences: true)
        let isShouting = value.allSatisfy { !$0.isLowercase }
        guard isShouting, !parts.isEmpty else { return value }
        let words = parts.map { $0.lowercased() }
        let joined = words[0] + words.dropFirst().map { upperFirst($0) }.joined()
        let prefix = value.hasPrefix("_") ? "_" : ""
        return joined.first?.isNumber == true ? "_" + joined : prefix + joined
    }

    /// A Swift string literal: `"a \"b\" \\ c"`.
    static func stringLiteral(_ text: String) -> String {
        // Most names and keys are printable ASCII with nothing to escape.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        {
            return "\"" + text + "\""
        }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += #"\""#.utf8
            case "\\": result += #"\\"#.utf8
            case "\n": result += #"\n"#.utf8
            case "\r": result += #"\r"#.utf8
            case "\t": result += #"\t"#.utf8
            case "\0": result += #"\0"#.utf8
            default: appendShowingHidden(scalar, to: &result)
            }
        }
        result.append(UInt8(ascii: "\""))
        return String(decoding: result, as: UTF8.self)
    }

    /// `scalar` in UTF-8, or as `\u{...}` when it is hidden.
    private static func appendShowingHidden(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if isHidden(scalar) {
            bytes += escaped(scalar).utf8
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }

    /// Whether a scalar is invisible or moves the text around it: controls (NUL is an error in Swift source),
    /// bidirectional and zero-width formatting characters, line and paragraph separators. Generated code writes these
    /// as `\u{...}`, so what a reader of the code sees is what the compiler reads ("Trojan Source", CVE-2021-42574).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII, most of any text, is never hidden; the Unicode tables are slower to ask.
        if (0x20..<0x7F).contains(scalar.value) { return false }
        return switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `\u{202e}`.
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }

    /// `///` lines for a description, each line prefixed; a description cannot end the comment early.
    ///
    /// Hidden characters are shown as `\u{...}`, except tabs and the zero-width joiner and non-joiner, which emoji
    /// and several scripts need and which cannot make text look like code.
    static func docComment(_ description: String?, indent: String) -> String {
        guard let description, !description.isEmpty else { return "" }
        var result: [UInt8] = []
        result.reserveCapacity(description.utf8.count + 16)
        // Most descriptions are printable ASCII and line breaks: whole lines are copied.
        if description.utf8.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == UInt8(ascii: "\n") }) {
            for line in description.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                var end = line.endIndex
                while end > line.startIndex, line[line.index(before: end)] == UInt8(ascii: " ") {
                    end = line.index(before: end)
                }
                result += indent.utf8
                if end == line.startIndex {
                    result += "///\n".utf8
                } else {
                    result += "/// ".utf8
                    result += line[..<end]
                    result.append(UInt8(ascii: "\n"))
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        // The line so far, and the spaces and tabs after it, which stay out unless more text follows them.
        var line: [UInt8] = []
        var pending: [UInt8] = []
        func endLine() {
            result += indent.utf8
            result += line.isEmpty ? "///\n".utf8 : "/// ".utf8
            if !line.isEmpty {
                result += line
                result.append(UInt8(ascii: "\n"))
            }
            line.removeAll(keepingCapacity: true)
            pending.removeAll(keepingCapacity: true)
        }
        // `\r\n`, a lone `\r` and `\n` each end a line.
        var afterCarriageReturn = false
        for scalar in description.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\n", "\r": endLine()
            case " ", "\t": pending.append(UInt8(scalar.value))
            default:
                line += pending
                pending.removeAll(keepingCapacity: true)
                if scalar == "\u{200C}" || scalar == "\u{200D}" {
                    UTF8.encode(scalar) { line.append($0) }
                } else {
                    appendShowingHidden(scalar, to: &line)
                }
            }
        }
        endLine()
        return String(decoding: result, as: UTF8.self)
    }

    /// `@available(*, deprecated, message: "...")` and a line break, or nothing.
    static func deprecation(_ reason: String?, indent: String) -> String {
        guard let reason else { return "" }
        return "\(indent)@available(*, deprecated, message: \(stringLiteral(reason)))\n"
    }
}
