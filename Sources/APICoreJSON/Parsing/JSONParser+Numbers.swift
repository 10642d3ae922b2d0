import APICoreGraphQL

extension JSONParser {
    /// Reads the number at the cursor, strictly by the JSON grammar.
    ///
    /// Integers that fit in `Int64` become `JSONValue.int(_:)` exactly. Other numbers become
    /// `JSONValue.double(_:)`, correctly rounded: directly when the digits and the exponent are small enough for one
    /// exact floating-point operation, else through the standard library's decimal conversion. A number whose digits
    /// the double does not give back, which takes more than 15 significant digits or a value below the normal
    /// doubles, is kept as its text, `JSONValue.numberText(_:)`; a number beyond the doubles' range is an error.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var index = start
        let isNegative = base[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < count else { throw truncated(expecting: .digit) }

        // Digits of the integer and fraction parts; the significand is exact while there are at most 19.
        var significand: UInt64 = 0
        var digitCount = 0
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < count && JSONParser.isDigit(base[index]) {
                throw JSONParseError(offset: index, reason: .invalidNumber, expectation: .nothing)
            }
        } else if JSONParser.isDigit(first) {
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                digitCount += 1
                index += 1
            }
        } else {
            throw JSONParseError(offset: index, reason: .invalidNumber, expectation: .digit)
        }

        var isInteger = true
        var fractionDigitCount = 0
        if index < count && base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigitCount = index - fractionStart
            digitCount += fractionDigitCount
            guard fractionDigitCount > 0 else { throw missingDigit(at: index) }
        }

        var exponent = 0
        if index < count && base[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            guard index < count else { throw truncated(expecting: .digit) }
            let sign = base[index]
            if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Past this bound the value is zero or infinite anyway; stop growing to avoid overflow.
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else { throw missingDigit(at: index) }
            if sign == UInt8(ascii: "-") { exponent = -exponent }
        }
        position = index

        if isInteger && digitCount <= 19 {
            if isNegative {
                if significand <= UInt64(Int64.max) + 1 { return .int(Int64(bitPattern: 0 &- significand)) }
            } else if significand <= UInt64(Int64.max) {
                return .int(Int64(significand))
            }
        }
        let decimalExponent = exponent - fractionDigitCount
        if digitCount <= 19 && significand <= 1 << 53 && decimalExponent >= -22 && decimalExponent <= 22 {
            // Both the significand and the power of ten are exact doubles, so one operation rounds correctly.
            var value = Double(significand)
            let scale = JSONParser.exactPowersOfTen[abs(decimalExponent)]
            value = decimalExponent < 0 ? value / scale : value * scale
            if isNegative { value = -value }
            // A double holds any 15 significant digits of a normal number.
            guard significand >= 1_000_000_000_000_000 else { return .double(value) }
            return number(value, from: start, to: index, isInteger: isInteger)
        }
        let text = UnsafeBufferPointer(start: base + start, count: index - start)
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw JSONParseError(offset: start, reason: .numberOutOfRange, expectation: .nothing)
        }
        if digitCount <= 15 && (value.magnitude >= 1e-307 || significand == 0) { return .double(value) }
        return number(value, from: start, to: index, isInteger: isInteger)
    }

    /// `value`, read from the number between `start` and `end`, as `JSONValue.double(_:)` when it holds the
    /// number's digits, else the text as `JSONValue.numberText(_:)`. A double holds a number with a fraction or an
    /// exponent when its shortest description has the same digits, and an integer (beyond 64 bits, here) when it is
    /// that integer exactly, so that integer types never read a double's rounding as the number sent.
    private func number(_ value: Double, from start: Int, to end: Int, isInteger: Bool) -> JSONValue {
        let text = UnsafeBufferPointer(start: base + start, count: end - start)
        let holds =
            isInteger ? JSONNumberDigits.double(value, isExactly: text) : JSONNumberDigits.double(value, holds: text)
        if holds { return .double(value) }
        return .numberText(String(decoding: text, as: UTF8.self))
    }

    /// Reads the literal `true`, `false` or `null` whose first byte is at the cursor.
    mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        // The first byte has been matched; the last four bytes are the rest of each literal.
        if position + length <= count {
            let tail = UnsafeRawPointer(base + position + length - 4).loadUnaligned(as: UInt32.self)
            if tail == UnsafeRawPointer(expected + length - 4).loadUnaligned(as: UInt32.self) {
                position += length
                return
            }
        }
        for offset in 1..<length {
            let index = position + offset
            guard index < count else { throw truncated(expecting: .literal) }
            let byte = base[index]
            guard byte == expected[offset] else {
                throw JSONParseError(offset: index, reason: .unexpectedByte(byte), expectation: .literal)
            }
        }
        position += length
    }

    /// The error for a fraction or exponent without digits, ending at `index`.
    private func missingDigit(at index: Int) -> JSONParseError {
        guard index < count else { return truncated(expecting: .digit) }
        return JSONParseError(offset: index, reason: .invalidNumber, expectation: .digit)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// 10⁰ through 10²², every power of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
