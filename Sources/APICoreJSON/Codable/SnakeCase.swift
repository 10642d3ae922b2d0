import APICoreGraphQL

/// Key conversion between Swift's camel case and JSON's snake case, with the semantics of Foundation's
/// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` and `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`.
///
/// ASCII keys, the usual case, are converted and compared on their UTF-8 bytes without intermediate arrays; short
/// results fit in a small string, so most conversions allocate nothing.
enum SnakeCase {
    // MARK: - Camel case to snake case

    /// The snake-case spelling of a camel-case key: `userID` -> `user_id`, `myURLValue` -> `my_url_value`.
    ///
    /// Words start at an uppercase letter after the first character; a run of uppercase letters followed by a
    /// lowercase letter ends one letter early (`URLValue` -> `url_value`). Words are lowercased and joined with `_`,
    /// and underscores already in the key are kept.
    static func snakeCased(_ key: String) -> String {
        let converted = key.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // A key with no uppercase letter converts to itself.
            guard bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return key }
            return snakeCased(scalars: bytes.lazy.map { Unicode.Scalar($0) })
        }
        if let converted, let converted { return converted }
        return snakeCased(scalars: Array(key.unicodeScalars))
    }

    private static func snakeCased<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        scalars: Scalars
    ) -> String where Scalars.Index == Int {
        var result = ""
        guard !scalars.isEmpty else { return result }
        var written = scalars.startIndex
        func write(upTo end: Int) {
            for position in written..<end { appendLowercased(scalars[position], to: &result) }
            written = end
        }
        func wordBoundary(at position: Int) {
            write(upTo: position)
            result.unicodeScalars.append("_")
        }

        var searchStart = scalars.startIndex + 1
        while let upper = scalars[searchStart...].firstIndex(where: isUppercase) {
            wordBoundary(at: upper)
            guard let lower = scalars[upper...].firstIndex(where: isLowercase) else { break }
            // `URLValue`: the uppercase run before `a` is a word of its own, and `V` starts the next one.
            if lower > upper + 1 { wordBoundary(at: lower - 1) }
            searchStart = lower + 1
        }
        write(upTo: scalars.endIndex)
        return result
    }

    // MARK: - Snake case to camel case

    /// The camel-case spelling of a snake-case key: `user_id` -> `userId`, `_my_url_` -> `_myUrl_`.
    ///
    /// Leading and trailing underscores are kept. A key with no underscore between letters is returned unchanged.
    /// Otherwise the first word is lowercased and each following word is capitalized (its first letter uppercased,
    /// the rest lowercased).
    static func camelCased(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }) else { return key }
        let last = scalars.lastIndex(where: { $0 != "_" })!
        let words = scalars[first...last].split(separator: "_")
        guard words.count > 1 else { return key }

        var result = String(String.UnicodeScalarView(scalars[..<first]))
        result += String(String.UnicodeScalarView(words[0])).lowercased()
        for word in words.dropFirst() {
            var previousIsCased = false
            for scalar in word {
                if isCased(scalar) {
                    let properties = scalar.properties
                    result += previousIsCased ? properties.lowercaseMapping : properties.titlecaseMapping
                    previousIsCased = true
                } else {
                    if !isCaseIgnorable(scalar) { previousIsCased = false }
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result.unicodeScalars.append(contentsOf: scalars[(last + 1)...])
        return result
    }

    /// Whether `camelCased(jsonKey) == codingKey`, without building the converted key when both are ASCII.
    static func jsonKey(_ jsonKey: String, convertsTo codingKey: String) -> Bool {
        let matched = jsonKey.utf8.withContiguousStorageIfAvailable { json in
            codingKey.utf8.withContiguousStorageIfAvailable { key in asciiJSONKey(json, convertsTo: key) } ?? nil
        }
        if let matched, let matched { return matched }
        return camelCased(jsonKey) == codingKey
    }

    /// The ASCII case of ``jsonKey(_:convertsTo:)``; `nil` when either key has a non-ASCII byte.
    private static func asciiJSONKey(
        _ json: UnsafeBufferPointer<UInt8>,
        convertsTo key: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        let underscore = UInt8(ascii: "_")
        guard json.allSatisfy({ $0 < 0x80 }), key.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let first = json.firstIndex(where: { $0 != underscore }) else { return json.elementsEqual(key) }
        let last = json.lastIndex(where: { $0 != underscore })!
        guard json[first...last].contains(underscore) else { return json.elementsEqual(key) }

        // Leading and trailing underscores must match exactly.
        let trailing = json.count - 1 - last
        guard key.count >= first + trailing,
            key[..<first].allSatisfy({ $0 == underscore }),
            key[(key.count - trailing)...].allSatisfy({ $0 == underscore })
        else { return false }

        var keyPosition = first
        let keyEnd = key.count - trailing
        var wordIndex = 0
        var betweenWords = false
        var previousIsCased = false
        for byte in json[first...last] {
            if byte == underscore {
                betweenWords = true
                continue
            }
            if betweenWords {
                wordIndex += 1
                betweenWords = false
                previousIsCased = false
            }
            let expected: UInt8
            if isASCIILetter(byte) {
                let lower = byte | 0x20
                expected = wordIndex > 0 && !previousIsCased ? lower & ~0x20 : lower
                previousIsCased = true
            } else {
                expected = byte
                if !isASCIICaseIgnorable(byte) { previousIsCased = false }
            }
            guard keyPosition < keyEnd, key[keyPosition] == expected else { return false }
            keyPosition += 1
        }
        return keyPosition == keyEnd
    }

    // MARK: - Looking up a coding key

    /// The position of the member that `codingKey` decodes from under `convertFromSnakeCase`.
    ///
    /// A member matches when its name is the snake-case spelling of the key (`user_id` for `userID`, so that
    /// whatever the encoder writes decodes again), or when, as in Foundation, its name converted to camel case is
    /// the key (`USER_ID` for `userId`). The first rule is tried first.
    static func position(ofCodingKey codingKey: String, in object: JSONObject) -> Int? {
        if let position = object.position(of: snakeCased(codingKey)) { return position }
        return object.keys.firstIndex { jsonKey($0, convertsTo: codingKey) }
    }

    // MARK: - Character classes

    private static func appendLowercased(_ scalar: Unicode.Scalar, to string: inout String) {
        if scalar.isASCII {
            let value = UInt8(scalar.value)
            string.unicodeScalars.append(Unicode.Scalar(isASCIILetter(value) ? value | 0x20 : value))
        } else {
            string += scalar.properties.lowercaseMapping
        }
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.generalCategory == .lowercaseLetter
    }

    private static func isCased(_ scalar: Unicode.Scalar) -> Bool {
        isUppercase(scalar) || isLowercase(scalar)
    }

    /// Characters that do not end a word when capitalizing: Foundation's subset of Unicode's case-ignorable
    /// characters, which leaves out `.` and `:`.
    private static func isCaseIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIICaseIgnorable(UInt8(scalar.value)) }
        return scalar.properties.isCaseIgnorable
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x7A
    }

    private static func isASCIICaseIgnorable(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "'") || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "`")
    }
}
